import type { Translation } from "../define-messages";
import type { messages as en } from "../en/form-errors";

export const messages: Translation<typeof en> = {
  fileLine: "{{message}} ({{name}}, linje {{line}} av {{total}})",
  fileOnly: "{{message}} ({{name}})",
  created: "{{item}} ble opprettet",
  updated: "{{item}} ble oppdatert",
  deleted: "{{item}} ble slettet",
  moved: "{{item}} ble flyttet",
  sent: "{{item}} ble sendt",
  uploaded: "{{item}} ble lastet opp",
  activated: "{{item}} ble aktivert",
  operationComplete: "Operasjonen er fullført",
  saved: "Endringene ble lagret",
  failedCreate: "Kunne ikke opprette {{item}} ({{status}})",
  failedUpdate: "Kunne ikke oppdatere {{item}} ({{status}})",
  failedDelete: "Kunne ikke slette {{item}} ({{status}})",
  failedMove: "Kunne ikke flytte {{item}} ({{status}})",
  failedSend: "Kunne ikke sende {{item}} ({{status}})",
  failedUpload: "Kunne ikke laste opp {{item}} ({{status}})",
  failedActivate: "Kunne ikke aktivere {{item}} ({{status}})",
  serverError: "Serverfeil",
  save: "Lagre",
  cancel: "Avbryt",
  errorsTitle: "Skjemaet kunne ikke lagres",
};
