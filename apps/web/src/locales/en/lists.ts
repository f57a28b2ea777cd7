import { defineMessages } from "../define-messages";

/** Server-side lists: paging, the range shown, and getting back from an empty search or page. */
export const messages = defineMessages({
  clearSearch: "Clear search",
  retry: "Try again",
  range: "{{from}}–{{to}} of {{total}}",
  previousPage: "Previous page",
  nextPage: "Next page",
  page: "Page {{page}}",
  emptyPage: "This page is empty",
  firstPage: "Go to the first page",
  pageSize: "Rows per page",
});
