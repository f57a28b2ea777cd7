import type { Translation } from "../define-messages";
import type { messages as en } from "../en/lists";

export const messages: Translation<typeof en> = {
  clearSearch: "検索をクリア",
  retry: "再試行",
  range: "{{total}} 件中 {{from}}–{{to}} 件",
  previousPage: "前のページ",
  nextPage: "次のページ",
  page: "{{page}} ページ",
  emptyPage: "このページは空です",
  firstPage: "最初のページへ",
  pageSize: "1 ページの行数",
};
