import { defineMessages } from "../define-messages";

/**
 * Start-up and the full-page screens that replace the console (shell §2 "Start-up and
 * special screens", §8): offline, maintenance, notices chosen by error code, the connect
 * screens, and the network toasts.
 */
export const messages = defineMessages({
  loading: "Loading",
  signingIn: "Signing in",
  unavailableTitle: "The console is unavailable",
  retry: "Try again",
  signOut: "Sign out",
  offlineTitle: "You are offline",
  offlineMessage:
    "You are offline. Please make sure to check network cables, modem, and router or reconnecting to Wi-Fi and try again.",
  stillOffline: "Still no connection. Try again once the network is back.",
  networkLost: "The network connection has been lost.",
  networkBack: "You are back online.",
  maintenanceTitle: "Netfleet is under maintenance",
  maintenanceMessage: "The console cannot reach its server right now. Try again in a few minutes.",
  maintenanceDetail: "{{message}} (status {{status}})",
  accessDeniedTitle: "Access denied",
  accessDeniedMessage: "User has no view permissions available",
  accessDeniedHint: "Ask an administrator of your company for a role that can view something.",
  notInvitedTitle: "Your account has not been invited",
  notInvitedMessage:
    "You signed in with single sign-on, but this account has not been invited to Netfleet.",
  notInvitedHint: "Ask an administrator of your company to send an invitation to {{email}}.",
  notInvitedHintNoEmail: "Ask an administrator of your company to send you an invitation.",
  mfaTitle: "Two-factor authentication required",
  mfaMessage: "Your company requires two-factor authentication before anyone uses the console.",
  mfaHint: "Set up a second factor for your account with your administrator, then sign in again.",
  notFoundTitle: "Page not found",
  notFoundMessage: "There is no page at this address. It may have moved, or the link is wrong.",
  notFoundHome: "Go to the console",
  crashTitle: "Something went wrong",
  crashMessage:
    "The console could not start. Reload to try again; if it keeps happening, contact your administrator.",
  routeErrorMessage:
    "This page could not be shown. Reload to try again; if it keeps happening, contact your administrator.",
  updating: "Updating Netfleet",
  connectDesktopTitle: "Remote desktop",
  connectSshTitle: "SSH",
  connectTelnetTitle: "Telnet",
  connectFileTransferTitle: "File transfer",
  connectTarget: "Target",
  connectNoTarget: "No target given",
  connectChecking: "Checking the remote session",
  connectKeyMissing:
    "The session key is missing. Open remote sessions from a device's remote access list.",
  connectExpired: "This remote session has expired or does not exist.",
  connectFailed: "The remote session could not be checked: {{message}}",
  connectUnsupported:
    "The session is valid, but this version of Netfleet cannot open remote sessions in the browser yet.",
  connectBack: "Back to the console",
});
