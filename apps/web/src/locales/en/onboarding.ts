import { defineMessages } from "../define-messages";

/**
 * What the console asks of a signed-in user once (shell §4 "Terms of service", "Email
 * prompt", "Update prompt"): the data agreement, a real e-mail address, and reloading for
 * a new version.
 */
export const messages = defineMessages({
  termsTitle: "Data processing agreement",
  termsIntro: "Before you start, please read how Netfleet handles the data of your company.",
  termsDevices:
    "Netfleet stores your company's devices, users and settings to manage them remotely.",
  termsTelemetry:
    "Device status, telemetry and logs are kept to show history, statistics and alerts.",
  termsAccess:
    "Administrators of your company decide who may see this data; the operator of this installation keeps it safe.",
  termsAccept: "I accept",
  termsFailed: "Your acceptance could not be saved: {{message}}",
  emailTitle: "Please enter your email address",
  emailDescription:
    "Your account has no e-mail address yet. We will send a confirmation link to the address you enter.",
  emailLabel: "E-mail",
  emailSubmit: "Save e-mail address",
  emailSent: "Check your inbox: we sent a confirmation link to {{email}}.",
  updateTitle: "A new version is available",
  updateMessage: "Reload to use the latest version of Netfleet.",
  updateNow: "Update",
  updateLater: "Later",
});
