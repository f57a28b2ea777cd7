import { screen } from "@testing-library/react";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { closeAllDialogs } from "../../components/ui/dialog/dialog-store";
import { DialogHost } from "../../components/ui/dialog/dialog-host";
import { http } from "../../lib/http";
import { type FakeReply, failure, fakeApi, success } from "../../test/fake-api";
import { renderPage } from "../../test/render";
import { installConfirmationHandlers } from "./confirmation-handlers";

function mfaRequired(): FakeReply {
  return {
    status: 403,
    body: {
      success: false,
      errors: [{ code: "MFA_REQUIRED", message: "Enter the code we sent you.", source: null }],
      meta: { mfa_method: "email", session_uuid: "u-1" },
    },
  };
}

function install() {
  onTestFinished(installConfirmationHandlers());
  onTestFinished(closeAllDialogs);
  return renderPage(<DialogHost />);
}

describe("the confirmation hand-off in the console", () => {
  it("FM-MFA-004 FM-MFA-006 an e-mail challenge asks for the code and completes the call", async () => {
    const api = fakeApi().on("POST", "/api/users/invite", (request) =>
      (request.body as Record<string, unknown>).session_code
        ? success({ id: 3 }, { message: "Invitation sent" })
        : mfaRequired(),
    );
    const { user } = install();

    const call = http.post<{ message: string }>("/api/users/invite", { email: "a@b.co" });
    const dialog = await screen.findByRole("dialog", { name: "Enter authentication code" });
    expect(dialog).toBeInTheDocument();
    // The dialog's body loads when a challenge first comes.
    await user.type(await screen.findByRole("textbox", { name: /code/i }), "123456{Enter}");

    await expect(call).resolves.toMatchObject({ data: { message: "Invitation sent" } });
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls("POST", "/api/users/invite")[1]?.body).toMatchObject({
      session_code: "123456",
      session_uuid: "u-1",
    });
  });

  it("FM-423-004 a 423 asks for the password, then retries the call", async () => {
    let confirmed = false;
    const api = fakeApi()
      .on("DELETE", "/api/admin/users", () =>
        confirmed
          ? success(null, { message: "User deleted" })
          : failure(423, "PASSWORD_CONFIRMATION_REQUIRED", "Confirm your password to continue."),
      )
      .on("POST", "/api/password-confirmation", () => {
        confirmed = true;
        return success(null);
      });
    const { user } = install();

    const call = http.delete("/api/admin/users", { data: { email: "x@y.co" } });
    await screen.findByRole("dialog", { name: "Confirm your password" });
    expect(await screen.findByText("Confirm your password to continue.")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), "s3cret{Enter}");

    await expect(call).resolves.toMatchObject({ status: 200 });
    expect(api.calls("DELETE", "/api/admin/users")).toHaveLength(2);
  });
});
