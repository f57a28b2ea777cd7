import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiRequestError, type HttpResponse } from "../../../lib/http";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { MfaCodeDialog } from "./mfa-code-dialog";
import { PasswordConfirmDialog } from "./password-confirm-dialog";

const body = { dialogId: "d", scrollToTop: () => undefined };

function answer(status: number, code: string, message: string, source: string | null = null) {
  return new ApiRequestError({ status, errors: [{ code, message, source }] });
}

function codeDialog(resend: (code: string) => Promise<HttpResponse>, method: "email" | "totp") {
  const close = vi.fn();
  const onSuccess = vi.fn();
  const onFailure = vi.fn();
  const view = renderPage(
    <MfaCodeDialog
      {...body}
      close={close}
      method={method}
      resend={resend}
      onSuccess={onSuccess}
      onFailure={onFailure}
    />,
  );
  return { ...view, close, onSuccess, onFailure };
}

describe("the authentication code dialog", () => {
  it("FM-MFA-005 has a required numeric one-time Code field and a Confirm button", async () => {
    const resend = vi.fn();
    const { user } = codeDialog(resend, "email");

    const code = screen.getByRole("textbox", { name: /code/i });
    expect(code).toBeRequired();
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Enter the code")).toBeInTheDocument();
    expect(resend).not.toHaveBeenCalled();
  });

  it("FM-MFA-006 confirming re-sends with the code and closes on success", async () => {
    const response = { status: 200, data: { success: true } } as HttpResponse;
    const resend = vi.fn(() => Promise.resolve(response));
    const { user, close, onSuccess } = codeDialog(resend, "email");

    await user.type(screen.getByRole("textbox", { name: /code/i }), "123456{Enter}");

    expect(resend).toHaveBeenCalledWith("123456");
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith(response));
    expect(close).toHaveBeenCalled();
  });

  it.each([
    ["CONFIRMATION_FAILED", 422, "The code is incorrect or has expired."],
    ["MFA_REQUIRED", 403, "A new code was sent."],
  ])(
    "FM-MFA-008 %s keeps the dialog open with the message under Code",
    async (code, status, msg) => {
      const resend = vi.fn(() => Promise.reject(answer(status, code, msg)));
      const { user, close, onFailure } = codeDialog(resend, "email");

      await user.type(screen.getByRole("textbox", { name: /code/i }), "000000{Enter}");

      expect(await screen.findByText(msg)).toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: /code/i })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      expect(close).not.toHaveBeenCalled();
      expect(onFailure).not.toHaveBeenCalled();
    },
  );

  it("FM-MFA-009 FM-MFA-010 any other error closes the dialog and goes back to the form", async () => {
    const error = answer(422, "VALIDATION", "The e-mail is taken.", "email");
    const resend = vi.fn(() => Promise.reject(error));
    const { user, close, onFailure } = codeDialog(resend, "email");

    await user.type(screen.getByRole("textbox", { name: /code/i }), "123456{Enter}");

    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(onFailure).toHaveBeenCalledWith(error);
    expect(screen.queryByText("The e-mail is taken.")).not.toBeInTheDocument();
  });

  it("FM-MFA-012 the TOTP dialog also accepts a recovery code", async () => {
    const resend = vi.fn(() => Promise.resolve({ status: 200 } as HttpResponse));
    const { user } = codeDialog(resend, "totp");

    await user.click(screen.getByRole("button", { name: "Use a recovery code" }));
    const recovery = screen.getByRole("textbox", { name: /recovery code/i });
    expect(recovery).toHaveAttribute("inputmode", "text");
    await user.type(recovery, "ab12-cd34-ef56{Enter}");

    expect(resend).toHaveBeenCalledWith("ab12-cd34-ef56");
  });
});

describe("the password confirmation dialog", () => {
  function passwordDialog() {
    const close = vi.fn();
    const onConfirmed = vi.fn();
    const view = renderPage(
      <PasswordConfirmDialog
        {...body}
        close={close}
        message="Confirm your password to continue."
        onConfirmed={onConfirmed}
      />,
    );
    return { ...view, close, onConfirmed };
  }

  it("FM-423-001 FM-423-002 shows the server message and a Password input", () => {
    passwordDialog();
    expect(screen.getByText("Confirm your password to continue.")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute("type", "password");
  });

  it("FM-423-003 confirming posts the password and closes", async () => {
    const api = fakeApi().on("POST", "/api/password-confirmation", success(null));
    const { user, close, onConfirmed } = passwordDialog();

    await user.type(screen.getByLabelText(/^Password/), "s3cret-pass{Enter}");

    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(onConfirmed).toHaveBeenCalled();
    expect(api.calls("POST", "/api/password-confirmation")[0]?.body).toEqual({
      password: "s3cret-pass",
    });
  });

  it("FM-423-005 a wrong password shows the returned message and keeps the dialog open", async () => {
    fakeApi().on(
      "POST",
      "/api/password-confirmation",
      failure(422, "VALIDATION_FAILED", "The password is incorrect.", "password"),
    );
    const { user, close, onConfirmed } = passwordDialog();

    await user.type(screen.getByLabelText(/^Password/), "wrong{Enter}");

    expect(await screen.findByText("The password is incorrect.")).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
    expect(onConfirmed).not.toHaveBeenCalled();
  });

  it("FM-423-006 Cancel closes without sending anything", async () => {
    const api = fakeApi();
    const { user, close, onConfirmed } = passwordDialog();

    await user.click(screen.getByRole("button", { name: "Cancel" }));

    expect(close).toHaveBeenCalled();
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(api.requests).toHaveLength(0);
  });
});
