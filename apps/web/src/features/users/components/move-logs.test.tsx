import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { UserMoveLog } from "@netfleet/contracts/schemas/users";
import { failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import { MoveLogs } from "./move-logs";

function move(id: number): UserMoveLog {
  return {
    id,
    user_id: id,
    user_email: `moved${id}@example.com`,
    from_company_id: 2,
    from_company_name: "Acme Retail",
    to_company_id: 3,
    to_company_name: "Acme Logistics",
    moved_by_id: 7,
    moved_by_email: "ada@example.com",
    created_at: "2026-03-04 05:06:07",
  };
}

function page(request: FakeRequest, total: number) {
  const limit = Number(request.query.get("limit"));
  const offset = Number(request.query.get("offset"));
  const count = Math.max(0, Math.min(limit, total - offset));
  const rows = Array.from({ length: count }, (_, i) => move(offset + i + 1));
  return success(rows, { meta: { total } });
}

const URL = "/users/move-logs";

describe("MoveLogs", () => {
  it("lists who moved whom from which company to which, and when", async () => {
    const api = fakeApi().on("GET", "/api/users/move-logs", (request) => page(request, 30));
    renderPage(<MoveLogs />, { url: URL });

    const row = (await screen.findByText("moved1@example.com")).closest("tr")!;
    for (const text of ["Acme Retail", "Acme Logistics", "ada@example.com"]) {
      expect(within(row).getByText(text)).toBeVisible();
    }
    // Stored in UTC, shown in the browser's zone: the row shows a full date and time.
    expect(row.textContent).toMatch(/2026-03-0\d \d\d:\d\d:07/);
    expect(
      within(screen.getByRole("table", { name: "Move logs" }))
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Moved at", "User", "From company", "To company", "Moved by"]);
    expect(screen.getByText("1–25 of 30")).toBeVisible();
    expect(api.calls("GET", "/api/users/move-logs")[0]?.search).toBe("?limit=25&offset=0");
  });

  it("pages and sorts on the server", async () => {
    const api = fakeApi().on("GET", "/api/users/move-logs", (request) => page(request, 30));
    const { user } = renderPage(<MoveLogs />, { url: URL });
    await screen.findByText("moved1@example.com");
    const last = () => api.calls("GET", "/api/users/move-logs").at(-1)?.query;

    await user.click(screen.getByRole("button", { name: "Moved at" }));
    await expect.poll(() => last()?.get("sort")).toBe("-created_at");
    await user.click(screen.getByRole("button", { name: "To company" }));
    await expect.poll(() => last()?.get("sort")).toBe("to_company_name");

    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("moved26@example.com")).toBeVisible();
    expect(last()?.get("offset")).toBe("25");
  });

  it("says so when no one was moved yet", async () => {
    fakeApi().on("GET", "/api/users/move-logs", (request) => page(request, 0));
    renderPage(<MoveLogs />, { url: URL });

    expect(await screen.findByText("No users moved yet")).toBeVisible();
  });

  it("shows the server's message when the logs cannot be loaded", async () => {
    fakeApi().on(
      "GET",
      "/api/users/move-logs",
      failure(403, "FORBIDDEN", "You do not have permission to do this."),
    );
    renderPage(<MoveLogs />, { url: URL });

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the move logs");
    expect(alert).toHaveTextContent("You do not have permission to do this.");
  });

  it("is the page of /users/move-logs instead of a placeholder", async () => {
    const me = testUser({ permissions: ["view_devices", "view_user_move_logs"] });
    fakeApi()
      .on("GET", "/api/user", success(me, me))
      .on("GET", "/api/users/move-logs", (request) => page(request, 1));
    renderApp(URL);

    expect(
      await screen.findByRole("heading", { level: 1, name: "Move logs" }, { timeout: 8000 }),
    ).toBeVisible();
    expect(await screen.findByText("moved1@example.com")).toBeVisible();
  });
});
