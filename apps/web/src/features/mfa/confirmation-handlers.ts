import { notifications } from "@mantine/notifications/store";
import { openDialog } from "../../components/ui/dialog/dialog-store";
import {
  type MfaChallenge,
  setMfaHandler,
  setPasswordConfirmationHandler,
} from "../../lib/confirmations";
import { ApiRequestError, type HttpResponse } from "../../lib/http";
import { i18n } from "../../lib/i18n";
import { lazyPart } from "../../lib/lazy-part";
import type { MfaCodeDialogProps } from "./components/mfa-code-dialog";
import type { PasswordConfirmDialogProps } from "./components/password-confirm-dialog";

// The entry installs the handlers; the dialogs' code loads when one is first asked for.
const PasswordConfirmDialog = lazyPart(() =>
  import("./components/password-confirm-dialog").then((m) => m.PasswordConfirmDialog),
);
const MfaCodeDialog = lazyPart(() =>
  import("./components/mfa-code-dialog").then((m) => m.MfaCodeDialog),
);
const MfaIdDialog = lazyPart(() => import("./components/mfa-id-dialog").then((m) => m.MfaIdDialog));

/** Dialog ids: a second challenge replaces the first instead of stacking on it. */
export const PASSWORD_CONFIRM_DIALOG_ID = "password-confirmation";
export const MFA_DIALOG_ID = "mfa-verification";

/** What the call that needed the user ends with when the user cancels: shown nowhere. */
function cancelledBy(reason: string, cause: ApiRequestError): ApiRequestError {
  return new ApiRequestError({ status: 0, message: reason, cancelReason: reason, cause });
}

/**
 * Opens the password dialog for a 423 (FM-423-001…006); resolves true once the password
 * was confirmed, false when the dialog went away without it.
 */
export function askForPassword(failure: ApiRequestError): Promise<boolean> {
  return new Promise((resolve) => {
    let confirmed = false;
    openDialog<PasswordConfirmDialogProps>({
      id: PASSWORD_CONFIRM_DIALOG_ID,
      title: i18n.t("mfa:passwordTitle"),
      size: "sm",
      component: PasswordConfirmDialog,
      props: {
        message: failure.message,
        onConfirmed: () => {
          confirmed = true;
        },
      },
      onClose: () => resolve(confirmed),
    });
  });
}

function codeDialog(challenge: MfaChallenge, method: "email" | "totp"): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    openDialog<MfaCodeDialogProps>({
      id: MFA_DIALOG_ID,
      title: i18n.t(method === "email" ? "mfa:codeTitle" : "mfa:totpTitle"),
      size: "sm",
      component: MfaCodeDialog,
      props: {
        method,
        resend: challenge.resend,
        onSuccess: (response) => {
          settled = true;
          resolve(response);
        },
        onFailure: (error) => {
          settled = true;
          reject(error instanceof Error ? error : challenge.error);
        },
      },
      onClose: () => {
        if (!settled) reject(cancelledBy("MFA cancelled", challenge.error));
      },
    });
  });
}

function idDialog(challenge: MfaChallenge): Promise<HttpResponse> {
  return new Promise((_resolve, reject) => {
    openDialog({
      id: MFA_DIALOG_ID,
      title: i18n.t("mfa:idTitle"),
      size: "sm",
      component: MfaIdDialog,
      onClose: () => reject(cancelledBy("MFA cancelled", challenge.error)),
    });
  });
}

/**
 * Settles an `MFA_REQUIRED` answer by its method (forms §4): e-mail and TOTP ask for a
 * code, `teltonika_id` explains it is unavailable, any other method only tells the user
 * why the call failed (FM-MFA-013/014) and ends the call without a second message.
 */
export function handleMfaChallenge(challenge: MfaChallenge): Promise<HttpResponse> {
  if (challenge.method === "email" || challenge.method === "totp") {
    return codeDialog(challenge, challenge.method);
  }
  if (challenge.method === "teltonika_id") return idDialog(challenge);
  const message = challenge.error.errors.find((e) => e.message)?.message;
  notifications.show({ color: "red", message: message || i18n.t("mfa:connectFailed") });
  return Promise.reject(cancelledBy("MFA unavailable", challenge.error));
}

/**
 * Connects the HTTP client's 423 and `MFA_REQUIRED` hand-off to these dialogs; called once
 * at start. Returns a function that disconnects them again.
 */
export function installConfirmationHandlers(): () => void {
  const removePassword = setPasswordConfirmationHandler(askForPassword);
  const removeMfa = setMfaHandler(handleMfaChallenge);
  return () => {
    removePassword();
    removeMfa();
  };
}
