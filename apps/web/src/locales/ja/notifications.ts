import type { Translation } from "../define-messages";
import type { messages as en } from "../en/notifications";

export const messages: Translation<typeof en> = {
  notifications: "通知",
  unseenCount: "未読 {{count}} 件",
  none: "通知はありません",
  loading: "通知を読み込んでいます",
  loadFailed: "通知を取得できませんでした",
  showAll: "すべての通知を表示",
  getMoreResources: "リソースを追加購入",
  unseen: "未読",
  seenAt: "{{time}}に既読",
  filter: "表示",
  filterAll: "すべて",
  filterUnseen: "未読",
  filterSeen: "既読",
  markAllSeen: "すべて既読にする",
  markAllFailed: "通知を既読にできませんでした",
  emptyText: "デバイス、リソース、ユーザーに関するお知らせがここに表示されます。",
  noneUnseen: "未読の通知はありません",
  noneUnseenText: "すべて確認済みです。",
  noneSeen: "既読の通知はありません",
  noneSeenText: "ベルの一覧を閉じると、通知は既読になります。",
  "type.invitedUserRegistration": "ユーザー登録",
  "type.creditCodeActivation": "コードの有効化",
  "type.creditAmountTooLow": "クレジット残高不足",
  "type.deviceAlert": "デバイスアラート",
};
