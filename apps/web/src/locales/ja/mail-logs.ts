import type { Translation } from "../define-messages";
import type { messages as en } from "../en/mail-logs";

export const messages: Translation<typeof en> = {
  table: "メールログ",
  search: "メールログを検索",
  searchPlaceholder: "宛先で検索",
  statusFilter: "表示するメール",
  statusAll: "すべて",
  "status.outbox": "送信トレイ",
  "status.pending": "送信中",
  "status.sent": "送信済み",
  "status.failed": "失敗",
  colCreated: "日時",
  colTo: "宛先",
  colSubject: "件名",
  colStatus: "状態",
  colTemplate: "種類",
  colSent: "送信日時",
  loadFailed: "メールログを読み込めませんでした",
  emptyTitle: "メールはまだありません",
  emptyStatusTitle: "この状態のメールはありません",
  emptyText: "このシステムが送信した、または送信トレイに保持しているメールがすべて表示されます。",
  noMatch: "「{{query}}」宛てのメールはありません",
  mailSubtitle: "メール",
  errorTitle: "失敗の理由",
};
