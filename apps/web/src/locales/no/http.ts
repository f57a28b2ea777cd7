import type { Translation } from "../define-messages";
import type { messages as en } from "../en/http";

export const messages: Translation<typeof en> = {
  requestFailed: "Kunne ikke sende forespørselen. Prøv igjen senere.",
  userRequestTimeout: "Tidsavbrudd for brukerforespørselen",
  userDataFailed: "Kunne ikke hente brukerdata",
};
