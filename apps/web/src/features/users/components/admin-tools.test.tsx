import { afterEach, describe, expect, it } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";

/** Dialogs and menus draw from lazy chunks that are slow to load the first time. */
const SLOW = { timeout: 5000 };

function signedIn(permissions: string[]) {
  const me = testUser({ permissions: ["view_devices", "view_users", ...permissions] });
  return fakeApi()
    .on("GET", "/api/user", success(me, me))
    .on("GET", "/api/users", success([], { meta: { total: 0 } }));
}

async function openTool(name: string) {
  const rendered = renderApp("/users", { confirmations: true });
  await rendered.user.click(
    await screen.findByRole("button", { name: "Administration" }, { timeout: 8000 }),
  );
  await rendered.user.click(await screen.findByRole("menuitem", { name }, SLOW));
  const dialog = await screen.findByRole("dialog", { name }, SLOW);
  return { ...rendered, dialog };
}

afterEach(() => {
  act(() => {
    closeAllDialogs();
    notifications.clean();
  });
});

describe("the super administrator's tools on /users", () => {
  it("are not offered to an administrator", async () => {
    signedIn(["update_users", "delete_users"]);
    renderApp("/users");

    expect(await screen.findByText("No users yet", {}, { timeout: 8000 })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Administration" })).toBeNull();
  });

  it("removes a second factor by e-mail once the password is confirmed", async () => {
    let confirmed = false;
    const api = signedIn(["super_admin"])
      .on("DELETE", "/api/admin/users/mfa", () =>
        confirmed
          ? success(null, { message: "Two-factor authentication removed." })
          : failure(423, "PASSWORD_CONFIRMATION_REQUIRED", "Confirm your password to continue."),
      )
      .on("POST", "/api/password-confirmation", () => {
        confirmed = true;
        return success(null);
      });
    const { user, dialog } = await openTool("Remove two-factor authentication");

    await user.type(within(dialog).getByRole("textbox", { name: "E-mail" }), "lost@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await screen.findByRole("dialog", { name: "Confirm your password" }, SLOW);
    await user.type(await screen.findByLabelText(/^Password/), "s3cret{Enter}");

    expect(await screen.findByText("Two-factor authentication removed.")).toBeVisible();
    const calls = api.calls("DELETE", "/api/admin/users/mfa");
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ email: "lost@example.com" });
    expect(screen.queryByRole("dialog", { name: "Remove two-factor authentication" })).toBeNull();
  });

  it("refuses a malformed address without asking the server", async () => {
    const api = signedIn(["super_admin"]);
    const { user, dialog } = await openTool("Delete a user by e-mail");

    await user.type(within(dialog).getByRole("textbox", { name: "E-mail" }), "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(within(dialog).getByRole("textbox", { name: "E-mail" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(api.calls("DELETE", "/api/admin/users")).toHaveLength(0);
  });

  it("shows the server's answer when the address is unknown", async () => {
    signedIn(["super_admin"]).on(
      "DELETE",
      "/api/admin/users",
      failure(404, "NOT_FOUND", "No user has this e-mail address."),
    );
    const { user, dialog } = await openTool("Delete a user by e-mail");

    await user.type(within(dialog).getByRole("textbox", { name: "E-mail" }), "gone@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await within(dialog).findByText("No user has this e-mail address.")).toBeVisible();
  });

  it("removes an address from the suppression list, named in the path", async () => {
    // The address travels encoded: a "+" would otherwise read as a space.
    const path = "/api/suppressed-emails/bounce%2Bx%40example.com";
    const api = signedIn(["super_admin"]).on("DELETE", path, success(null));
    const { user, dialog } = await openTool("Remove an e-mail from the suppression list");

    await user.type(
      within(dialog).getByRole("textbox", { name: "E-mail" }),
      "bounce+x@example.com",
    );
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));

    expect(await screen.findByText("Mail goes to bounce+x@example.com again")).toBeVisible();
    expect(api.calls("DELETE", path)).toHaveLength(1);
  });
});
