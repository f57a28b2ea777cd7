import { defineMessages } from "../define-messages";

/** Failures of calls to the server, as the HTTP client words them (shell §8). */
export const messages = defineMessages({
  requestFailed: "Failed to send request. Try again later.",
  userRequestTimeout: "User request timeout",
  userDataFailed: "Failed to get user data",
});
