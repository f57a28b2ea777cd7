import { defineMessages } from "../define-messages";

/** What forms say after a submit: file errors, result messages and the form's buttons (forms §8). */
export const messages = defineMessages({
  fileLine: "{{message}} ({{name}}, line {{line}} in {{total}})",
  fileOnly: "{{message}} ({{name}})",
  created: "{{item}} created successfully",
  updated: "{{item}} updated successfully",
  deleted: "{{item}} deleted successfully",
  moved: "{{item}} moved successfully",
  sent: "{{item}} sent successfully",
  uploaded: "{{item}} uploaded successfully",
  activated: "{{item}} activated successfully",
  operationComplete: "Operation complete",
  saved: "Changes saved successfully",
  failedCreate: "Failed to create {{item}} ({{status}})",
  failedUpdate: "Failed to update {{item}} ({{status}})",
  failedDelete: "Failed to delete {{item}} ({{status}})",
  failedMove: "Failed to move {{item}} ({{status}})",
  failedSend: "Failed to send {{item}} ({{status}})",
  failedUpload: "Failed to upload {{item}} ({{status}})",
  failedActivate: "Failed to activate {{item}} ({{status}})",
  serverError: "Server error",
  save: "Save",
  cancel: "Cancel",
  errorsTitle: "The form could not be saved",
});
