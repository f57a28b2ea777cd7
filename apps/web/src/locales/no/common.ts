import type { Translation } from "../define-messages";
import type { messages as en } from "../en/common";

export const messages: Translation<typeof en> = {
  cancel: "Avbryt",
  confirm: "Bekreft",
  close: "Lukk",
  save: "Lagre",
  retry: "Prøv igjen",
  loading: "Laster…",
  company: "Selskap",
  signOutFailed: "Kunne ikke logge ut",
};
