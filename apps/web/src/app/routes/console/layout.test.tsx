import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { browserLocation } from "../../../lib/browser-location";
import { testUser } from "../../../test/users";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderApp, renderPage } from "../../../test/render";
import { Component as ConsoleLayout } from "./layout";

const user = testUser({
  email: "ada@example.com",
  permissions: ["view_devices", "view_tags", "view_users"],
});

describe("console layout", () => {
  it("SH-LAYOUT-001 shows the header with the user menu, the navigation the user may see, and the page", async () => {
    fakeApi().on("GET", "/api/user", success(user, user));
    renderApp("/management/devices");

    expect(
      await screen.findByRole("button", { name: /^User menu, ada@example.com/ }),
    ).toBeInTheDocument();
    const nav = screen.getAllByRole("navigation", { name: "Main navigation" })[0]!;
    expect(within(nav).getByRole("link", { name: "Devices" })).toHaveAttribute(
      "href",
      "/management/devices",
    );
    expect(within(nav).getByRole("link", { name: "Tags" })).toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Mail logs" })).toBeNull();
    expect(screen.getByRole("main")).toBeInTheDocument();
    expect(screen.queryByText(/Currently impersonating/)).toBeNull();
  });

  it("SH-LAYOUT-014 SH-LAYOUT-015 while impersonating shows the banner and the Cancel impersonation button", async () => {
    const acting = testUser({
      ...user,
      token: { ...user.token, act: { sub: "1", email: "support@example.com" } },
    });
    const api = fakeApi()
      .on("GET", "/api/user", success(acting, acting))
      .on("POST", "/api/user/cancel-impersonation", { status: 200, body: { success: true } });
    const { user: person } = renderApp("/management/devices");

    expect(
      await screen.findByText(/Currently impersonating user ada@example.com/),
    ).toBeInTheDocument();
    await person.click(screen.getByRole("button", { name: "Cancel impersonation" }));
    await waitFor(() =>
      expect(api.calls("POST", "/api/user/cancel-impersonation")).toHaveLength(1),
    );
  });

  it("SH-GUARD-009 a user with no view permission gets Access denied and can sign out there", async () => {
    const assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
    const noView = testUser({ email: "noview@example.com", permissions: [] });
    const api = fakeApi()
      .on("GET", "/api/user", success(noView, noView))
      .on("POST", "/account/token/revoke", success({ location: "/account/sign-in" }));
    const { user: person } = renderApp("/redeem-code");

    expect(await screen.findByRole("heading", { name: "Access denied" })).toBeVisible();
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).toBeNull();
    await person.click(screen.getByRole("button", { name: "Sign out" }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith("/account/sign-in"));
    expect(api.calls("POST", "/account/token/revoke")).toHaveLength(1);
    assign.mockRestore();
  });

  it("SH-ERR-006 asks an unconfirmed account to confirm its e-mail and can resend the link", async () => {
    const api = fakeApi()
      .on(
        "GET",
        "/api/user",
        failure(403, "EMAIL_NOT_VERIFIED", "Confirm your e-mail address to continue."),
      )
      .on("POST", "/account/user/activation/resend", { status: 200, body: { success: true } });
    const { user: person } = renderPage(<ConsoleLayout />, { url: "/management/devices" });

    expect(
      await screen.findByRole("heading", { name: "Confirm your e-mail address" }),
    ).toBeVisible();
    await person.click(screen.getByRole("button", { name: "Resend e-mail" }));

    expect(await screen.findByText("Email confirmation sent successfully")).toBeInTheDocument();
    expect(api.calls("POST", "/account/user/activation/resend")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  it("SH-ERR-007 quotes the status when resending fails", async () => {
    fakeApi()
      .on("GET", "/api/user", failure(403, "EMAIL_NOT_VERIFIED", "Confirm your e-mail."))
      .on(
        "POST",
        "/account/user/activation/resend",
        failure(429, "TOO_MANY_REQUESTS", "Slow down."),
      );
    const { user: person } = renderPage(<ConsoleLayout />, { url: "/management/devices" });

    await person.click(await screen.findByRole("button", { name: "Resend e-mail" }));

    expect(
      await screen.findByText("Failed to send email confirmation (Too Many Requests)"),
    ).toBeInTheDocument();
  });
});
