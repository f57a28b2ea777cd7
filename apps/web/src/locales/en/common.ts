import { defineMessages } from "../define-messages";

/** Words many screens share. */
export const messages = defineMessages({
  cancel: "Cancel",
  confirm: "Confirm",
  close: "Close",
  save: "Save",
  retry: "Try again",
  loading: "Loading…",
  company: "Company",
  signOutFailed: "Could not sign out",
});
