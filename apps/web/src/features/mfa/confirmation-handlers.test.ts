import { notifications } from "@mantine/notifications";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDialog } from "../../components/ui/dialog/dialog-store";
import type { DialogDefinition } from "../../components/ui/dialog/dialog-types";
import type { MfaChallenge } from "../../lib/confirmations";
import { ApiRequestError, type HttpResponse, isCancelledRequest } from "../../lib/http";
import { askForPassword, handleMfaChallenge } from "./confirmation-handlers";
import type { MfaCodeDialogProps } from "./components/mfa-code-dialog";
import type { PasswordConfirmDialogProps } from "./components/password-confirm-dialog";

vi.mock("../../components/ui/dialog/dialog-store", () => ({ openDialog: vi.fn() }));

let toast: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  toast = vi.spyOn(notifications, "show").mockImplementation(() => "toast");
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

/** The definition the handler last opened. */
function opened<P extends object>(): DialogDefinition<P> {
  const calls = vi.mocked(openDialog).mock.calls;
  return calls[calls.length - 1]?.[0] as unknown as DialogDefinition<P>;
}

function challenge(method: string | undefined, message = "Second factor needed"): MfaChallenge {
  return {
    method,
    sessionUuid: "u-1",
    error: new ApiRequestError({
      status: 403,
      errors: message ? [{ code: "MFA_REQUIRED", message, source: null }] : [],
      message: "",
    }),
    resend: vi.fn(() => Promise.resolve({ status: 200 } as HttpResponse)),
  };
}

describe("password confirmation", () => {
  it("FM-423-001 opens a dialog with the server's message; confirmed resolves true", async () => {
    const failure = new ApiRequestError({
      status: 423,
      errors: [{ code: "PASSWORD_CONFIRMATION_REQUIRED", message: "Confirm it.", source: null }],
    });
    const answer = askForPassword(failure);
    const dialog = opened<PasswordConfirmDialogProps>();
    expect(dialog.title).toBe("Confirm your password");
    expect(dialog.props?.message).toBe("Confirm it.");
    dialog.props?.onConfirmed();
    dialog.onClose?.();
    await expect(answer).resolves.toBe(true);
  });

  it("FM-423-006 a dialog closed without confirming resolves false", async () => {
    const answer = askForPassword(new ApiRequestError({ status: 423 }));
    opened().onClose?.();
    await expect(answer).resolves.toBe(false);
  });
});

describe("the MFA challenge", () => {
  it("FM-MFA-004 e-mail opens the Enter authentication code dialog and resolves with the response", async () => {
    const response = { status: 200 } as HttpResponse;
    const result = handleMfaChallenge(challenge("email"));
    const dialog = opened<MfaCodeDialogProps>();
    expect(dialog.title).toBe("Enter authentication code");
    expect(dialog.props?.method).toBe("email");
    dialog.props?.onSuccess(response);
    dialog.onClose?.();
    await expect(result).resolves.toBe(response);
  });

  it("FM-MFA-012 totp opens the authenticator dialog", () => {
    void handleMfaChallenge(challenge("totp")).catch(() => undefined);
    const dialog = opened<MfaCodeDialogProps>();
    expect(dialog.title).toBe("Enter the 6-digit code from your authenticator app");
    expect(dialog.props?.method).toBe("totp");
  });

  it("FM-MFA-009 FM-MFA-010 another error from the re-send reaches the original caller", async () => {
    const result = handleMfaChallenge(challenge("email"));
    const error = new ApiRequestError({ status: 500 });
    opened<MfaCodeDialogProps>().props?.onFailure(error);
    opened().onClose?.();
    await expect(result).rejects.toBe(error);
  });

  it("FM-MFA-007 closing the code dialog ends the call as cancelled", async () => {
    const result = handleMfaChallenge(challenge("email"));
    opened().onClose?.();
    const error: unknown = await result.catch((e: unknown) => e);
    expect(isCancelledRequest(error)).toBe(true);
  });

  it("FM-MFA-011 teltonika_id opens the ID verification dialog, which only cancels", async () => {
    const result = handleMfaChallenge(challenge("teltonika_id"));
    expect(opened().title).toBe("ID verification");
    opened().onClose?.();
    const error: unknown = await result.catch((e: unknown) => e);
    expect(isCancelledRequest(error)).toBe(true);
  });

  it("FM-MFA-013 any other method shows the first error's message", async () => {
    const error: unknown = await handleMfaChallenge(challenge("sms")).catch((e: unknown) => e);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ message: "Second factor needed" }),
    );
    expect(openDialog).not.toHaveBeenCalled();
    expect(isCancelledRequest(error)).toBe(true);
  });

  it("FM-MFA-014 any other method without a message shows Failed to connect to server", async () => {
    await handleMfaChallenge(challenge(undefined, "")).catch(() => undefined);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ message: "Failed to connect to server" }),
    );
  });
});
