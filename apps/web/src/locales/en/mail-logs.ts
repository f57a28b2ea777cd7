import { defineMessages } from "../define-messages";

/** Mail logs: every e-mail of the installation, its state and its text with secrets hidden. */
export const messages = defineMessages({
  table: "Mail logs",
  search: "Search mail logs",
  searchPlaceholder: "Search by recipient",
  statusFilter: "Show e-mails",
  statusAll: "All",
  "status.outbox": "In outbox",
  "status.pending": "Sending",
  "status.sent": "Sent",
  "status.failed": "Failed",
  colCreated: "Time",
  colTo: "Recipient",
  colSubject: "Subject",
  colStatus: "Status",
  colTemplate: "Kind",
  colSent: "Sent at",
  loadFailed: "Could not load the mail logs",
  emptyTitle: "No e-mails yet",
  emptyStatusTitle: "No e-mails in this state",
  emptyText: "Every e-mail the installation sends, or keeps in its outbox, is listed here.",
  noMatch: "No e-mails to “{{query}}”",
  mailSubtitle: "E-mail",
  errorTitle: "Why it failed",
});
