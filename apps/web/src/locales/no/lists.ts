import type { Translation } from "../define-messages";
import type { messages as en } from "../en/lists";

export const messages: Translation<typeof en> = {
  clearSearch: "Tøm søket",
  retry: "Prøv igjen",
  range: "{{from}}–{{to}} av {{total}}",
  previousPage: "Forrige side",
  nextPage: "Neste side",
  page: "Side {{page}}",
  emptyPage: "Denne siden er tom",
  firstPage: "Gå til første side",
  pageSize: "Rader per side",
};
