import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { browserLocation } from "../../../lib/browser-location";
import { SupportAccessCard } from "./support-access-card";

const DAY_MS = 86_400_000;

function sent(email = "me@example.com") {
  return success({ email, until: "x", link_expires_at: "y" }, { message: "Check your inbox" });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SupportAccessCard", () => {
  it("asks for the chosen number of days and says where the confirmation link went", async () => {
    const api = fakeApi().on("POST", "/api/user/impersonation-access", sent());
    const { user } = renderPage(<SupportAccessCard limit={null} />);
    expect(screen.getByText("Support staff cannot sign in as you.")).toBeVisible();

    await user.click(screen.getByRole("combobox", { name: "Allow access for" }));
    // Without layout (jsdom) Mantine leaves the open dropdown styled display:none.
    await user.click(await screen.findByRole("option", { name: "14 days", hidden: true }));
    expect(screen.getByRole("combobox", { name: "Allow access for" })).toHaveValue("14 days");
    const before = Date.now();
    await user.click(screen.getByRole("button", { name: "Grant access" }));

    expect(
      await screen.findByText(
        "We sent a confirmation link to me@example.com. Access starts once you open it; the link works for 24 hours.",
      ),
    ).toBeVisible();
    const body = api.calls("POST", "/api/user/impersonation-access")[0]?.body as { until: string };
    const until = Date.parse(body.until);
    expect(until).toBeGreaterThanOrEqual(before + 14 * DAY_MS);
    expect(until).toBeLessThan(Date.now() + 14 * DAY_MS + 1000);
    // Nothing is granted until the link is opened.
    expect(screen.getByText("Support staff cannot sign in as you.")).toBeVisible();
  });

  it("SH-SESSION-013 shows a grant ahead with its end and offers to extend it; a past one counts as none", async () => {
    fakeApi();
    const ahead = new Date(2099, 0, 2, 3, 4, 5).toISOString();
    const { unmount } = renderPage(<SupportAccessCard limit={ahead} />);
    expect(
      screen.getByText("Support staff may sign in as you until 2099-01-02 03:04:05."),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Extend access" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Revoke access" })).toBeVisible();
    unmount();

    renderPage(<SupportAccessCard limit={new Date(Date.now() - 60_000).toISOString()} />);
    expect(screen.getByText("Support staff cannot sign in as you.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Grant access" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Revoke access" })).not.toBeInTheDocument();
  });

  it("shows why the server refused the grant", async () => {
    fakeApi().on(
      "POST",
      "/api/user/impersonation-access",
      failure(403, "FORBIDDEN", "This is not available while impersonating another user."),
    );
    const { user } = renderPage(<SupportAccessCard limit={null} />);
    await user.click(screen.getByRole("button", { name: "Grant access" }));
    expect(
      await screen.findByText("This is not available while impersonating another user."),
    ).toBeVisible();
  });

  it("SH-SESSION-014 revokes only after confirmation, then reloads the page", async () => {
    const reload = vi.spyOn(browserLocation, "reload").mockImplementation(() => undefined);
    const api = fakeApi().on("POST", "/api/user/revoke-impersonation-access", {
      status: 200,
      body: { success: true, message: "Impersonation access revoked successfully" },
    });
    const { user } = renderPage(
      <SupportAccessCard limit={new Date(Date.now() + DAY_MS).toISOString()} />,
    );

    await user.click(screen.getByRole("button", { name: "Revoke access" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke support access?" });
    expect(api.calls("POST", "/api/user/revoke-impersonation-access")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Revoke access" }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.calls("POST", "/api/user/revoke-impersonation-access")).toHaveLength(1);
  });

  it("SH-ERR-015 shows the response's message in a toast when revoking fails", async () => {
    const reload = vi.spyOn(browserLocation, "reload").mockImplementation(() => undefined);
    fakeApi().on(
      "POST",
      "/api/user/revoke-impersonation-access",
      failure(503, "SERVICE_UNAVAILABLE", "The access could not be changed right now."),
    );
    const { user } = renderPage(
      <SupportAccessCard limit={new Date(Date.now() + DAY_MS).toISOString()} />,
    );
    await user.click(screen.getByRole("button", { name: "Revoke access" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke support access?" });
    await user.click(within(dialog).getByRole("button", { name: "Revoke access" }));

    expect(await screen.findByText("The access could not be changed right now.")).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
  });
});
