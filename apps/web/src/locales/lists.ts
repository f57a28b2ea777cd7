import { defineMessages } from "./define-messages";

/** Server-side lists: paging, the range shown, and getting back from an empty search or page. */
export const messages = defineMessages(
  {
    clearSearch: "Clear search",
    retry: "Try again",
    range: "{{from}}–{{to}} of {{total}}",
    previousPage: "Previous page",
    nextPage: "Next page",
    page: "Page {{page}}",
    emptyPage: "This page is empty",
    firstPage: "Go to the first page",
    pageSize: "Rows per page",
  },
  {
    no: {
      clearSearch: "Tøm søket",
      retry: "Prøv igjen",
      range: "{{from}}–{{to}} av {{total}}",
      previousPage: "Forrige side",
      nextPage: "Neste side",
      page: "Side {{page}}",
      emptyPage: "Denne siden er tom",
      firstPage: "Gå til første side",
      pageSize: "Rader per side",
    },
    ja: {
      clearSearch: "検索をクリア",
      retry: "再試行",
      range: "{{total}} 件中 {{from}}–{{to}} 件",
      previousPage: "前のページ",
      nextPage: "次のページ",
      page: "{{page}} ページ",
      emptyPage: "このページは空です",
      firstPage: "最初のページへ",
      pageSize: "1 ページの行数",
    },
    uk: {
      clearSearch: "Очистити пошук",
      retry: "Спробувати знову",
      range: "{{from}}–{{to}} з {{total}}",
      previousPage: "Попередня сторінка",
      nextPage: "Наступна сторінка",
      page: "Сторінка {{page}}",
      emptyPage: "Ця сторінка порожня",
      firstPage: "На першу сторінку",
      pageSize: "Рядків на сторінці",
    },
  },
);
