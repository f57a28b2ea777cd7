import type { Translation } from "../define-messages";
import type { messages as en } from "../en/common";

export const messages: Translation<typeof en> = {
  cancel: "キャンセル",
  confirm: "確認",
  close: "閉じる",
  save: "保存",
  retry: "再試行",
  loading: "読み込み中…",
  company: "会社",
  signOutFailed: "ログアウトできませんでした",
};
