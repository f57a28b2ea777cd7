import type { Translation } from "../define-messages";
import type { messages as en } from "../en/mail-logs";

export const messages: Translation<typeof en> = {
  table: "E-postlogger",
  search: "Søk i e-postlogger",
  searchPlaceholder: "Søk etter mottaker",
  statusFilter: "Vis e-poster",
  statusAll: "Alle",
  "status.outbox": "I utboksen",
  "status.pending": "Sendes",
  "status.sent": "Sendt",
  "status.failed": "Mislyktes",
  colCreated: "Tid",
  colTo: "Mottaker",
  colSubject: "Emne",
  colStatus: "Status",
  colTemplate: "Type",
  colSent: "Sendt",
  loadFailed: "Kunne ikke laste e-postloggene",
  emptyTitle: "Ingen e-poster ennå",
  emptyStatusTitle: "Ingen e-poster i denne tilstanden",
  emptyText: "Alle e-poster installasjonen sender, eller holder i utboksen, vises her.",
  noMatch: "Ingen e-poster til «{{query}}»",
  mailSubtitle: "E-post",
  errorTitle: "Hvorfor den mislyktes",
};
