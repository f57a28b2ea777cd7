import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { ImpersonableUser, ImpersonationLog } from "@netfleet/contracts/schemas/impersonation";
import { browserLocation } from "../../../lib/browser-location";
import { failure, fakeApi, type FakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { ImpersonationLogs } from "./impersonation-logs";
import { StartImpersonationButton } from "./start-impersonation-dialog";

afterEach(() => {
  vi.restoreAllMocks();
});

function log(id: number, overrides: Partial<ImpersonationLog> = {}): ImpersonationLog {
  return {
    id,
    operator_id: 5,
    operator_email: "support@example.com",
    target_id: 100 + id,
    target_email: `user${id}@example.com`,
    company_id: 3,
    company_name: "Acme Retail",
    started_at: new Date(2025, 1, 3, 4, 5, 6).toISOString(),
    ended_at: new Date(2025, 1, 3, 5, 5, 6).toISOString(),
    end_reason: "cancelled",
    ...overrides,
  };
}

function page(request: FakeRequest, total: number) {
  const limit = Number(request.query.get("limit"));
  const offset = Number(request.query.get("offset"));
  const ids = Array.from(
    { length: Math.max(0, Math.min(limit, total - offset)) },
    (_, i) => offset + i + 1,
  );
  return { status: 200, body: { success: true, data: ids.map((id) => log(id)), meta: { total } } };
}

const URL = "/users/impersonation-logs";

describe("ImpersonationLogs", () => {
  it("shows who impersonated whom, when and how it ended, a page at a time", async () => {
    const api = fakeApi().on("GET", "/api/users/impersonation-logs", (request) =>
      request.query.get("offset") === "0"
        ? {
            status: 200,
            body: {
              success: true,
              data: [log(1, { ended_at: null, end_reason: null }), log(2)],
              meta: { total: 30 },
            },
          }
        : page(request, 30),
    );
    const { user } = renderPage(<ImpersonationLogs />, { url: URL });

    const table = await screen.findByRole("table", { name: "Impersonation logs" });
    const live = (await within(table).findByText("user1@example.com")).closest("tr")!;
    expect(within(live).getByText("Active")).toBeVisible();
    expect(within(live).getByText("support@example.com")).toBeVisible();
    expect(within(live).getByText("2025-02-03 04:05:06")).toBeVisible();
    const ended = within(table).getByText("user2@example.com").closest("tr")!;
    expect(within(ended).getByText("Cancelled")).toBeVisible();
    expect(screen.getByText("1–2 of 30")).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("user26@example.com")).toBeVisible();
    expect(api.requests.at(-1)?.query.get("offset")).toBe("25");

    await user.click(screen.getByRole("button", { name: "Impersonated user" }));
    await waitFor(() => expect(api.requests.at(-1)?.query.get("sort")).toBe("target_email"));
    expect(api.requests.at(-1)?.query.get("offset")).toBe("0");
  });

  it("says when there is nothing to show, and when a search finds nothing", async () => {
    fakeApi().on("GET", "/api/users/impersonation-logs", {
      status: 200,
      body: { success: true, data: [], meta: { total: 0 } },
    });
    const { unmount } = renderPage(<ImpersonationLogs />, { url: URL });
    expect(await screen.findByText("No impersonations yet")).toBeVisible();
    unmount();

    renderPage(<ImpersonationLogs />, { url: `${URL}?q=nobody` });
    expect(await screen.findByText("No impersonations match “nobody”")).toBeVisible();
  });
});

describe("StartImpersonationButton", () => {
  const person: ImpersonableUser = {
    id: 42,
    email: "enduser@example.com",
    first_name: "End",
    last_name: "User",
    company_id: 3,
    company_name: "Acme Retail",
    role_title: "End Client",
    impersonation_access_limit: new Date(2099, 0, 2, 3, 4, 5).toISOString(),
  };

  it("lists users who allow it and loads the console as the chosen one", async () => {
    const assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
    const api = fakeApi()
      .on("GET", "/api/users/impersonable", {
        status: 200,
        body: { success: true, data: [person], meta: { total: 1 } },
      })
      .on("POST", "/api/users/42/impersonate", {
        status: 200,
        body: { success: true, data: { location: "/management/devices" } },
      });
    const { user } = renderPage(<StartImpersonationButton />, { url: URL });

    await user.click(screen.getByRole("button", { name: "Start impersonation" }));
    const dialog = await screen.findByRole("dialog", { name: "Start impersonation" });
    expect(await within(dialog).findByText("enduser@example.com")).toBeVisible();
    expect(within(dialog).getByText("End User · End Client · Acme Retail")).toBeVisible();
    expect(within(dialog).getByText("Allowed until 2099-01-02 03:04:05")).toBeVisible();

    await user.click(
      within(dialog).getByRole("button", { name: "Impersonate enduser@example.com" }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/management/devices"));
    expect(api.calls("POST", "/api/users/42/impersonate")).toHaveLength(1);
  });

  it("shows why starting was refused, and an empty list plainly", async () => {
    const assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
    fakeApi()
      .on("GET", "/api/users/impersonable", (request) => ({
        status: 200,
        body: request.query.get("q")
          ? { success: true, data: [], meta: { total: 0 } }
          : { success: true, data: [person], meta: { total: 1 } },
      }))
      .on(
        "POST",
        "/api/users/42/impersonate",
        failure(
          403,
          "FORBIDDEN",
          "enduser@example.com has not allowed anyone to impersonate them.",
        ),
      );
    const { user } = renderPage(<StartImpersonationButton />, { url: URL });
    await user.click(screen.getByRole("button", { name: "Start impersonation" }));
    const dialog = await screen.findByRole("dialog", { name: "Start impersonation" });
    await user.click(
      await within(dialog).findByRole("button", { name: "Impersonate enduser@example.com" }),
    );
    expect(
      await within(dialog).findByText(
        "enduser@example.com has not allowed anyone to impersonate them.",
      ),
    ).toBeVisible();
    expect(assign).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole("searchbox", { name: "Search users" }), "zed");
    expect(await within(dialog).findByText("No user matches “zed”")).toBeVisible();
  });
});
