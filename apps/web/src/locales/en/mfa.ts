import { defineMessages } from "../define-messages";

/** The second-factor and password-confirmation dialogs that interrupt a call (forms §4). */
export const messages = defineMessages({
  passwordTitle: "Confirm your password",
  passwordText: "Enter your password to continue.",
  passwordLabel: "Password",
  passwordRequired: "Enter your password",
  confirm: "Confirm",
  cancel: "Cancel",
  codeTitle: "Enter authentication code",
  codeText: "We sent an authentication code to your e-mail address.",
  codeLabel: "Code",
  codeRequired: "Enter the code",
  totpTitle: "Enter the 6-digit code from your authenticator app",
  totpText: "Open your authenticator app and enter the code it shows for this account.",
  recoveryLabel: "Recovery code",
  recoveryText: "Enter one of the recovery codes you saved. Each code works once.",
  useRecovery: "Use a recovery code",
  useTotp: "Use a code from the app",
  idTitle: "ID verification",
  idText:
    "This action needs verification through an external identity service, which is not available on this installation. Ask your administrator to set up another second factor for your account.",
  connectFailed: "Failed to connect to server",
});
