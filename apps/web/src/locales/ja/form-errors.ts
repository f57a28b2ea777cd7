import type { Translation } from "../define-messages";
import type { messages as en } from "../en/form-errors";

export const messages: Translation<typeof en> = {
  fileLine: "{{message}}（{{name}}、{{total}} 行中 {{line}} 行目）",
  fileOnly: "{{message}}（{{name}}）",
  created: "{{item}}を作成しました",
  updated: "{{item}}を更新しました",
  deleted: "{{item}}を削除しました",
  moved: "{{item}}を移動しました",
  sent: "{{item}}を送信しました",
  uploaded: "{{item}}をアップロードしました",
  activated: "{{item}}を有効化しました",
  operationComplete: "操作が完了しました",
  saved: "変更を保存しました",
  failedCreate: "{{item}}を作成できませんでした（{{status}}）",
  failedUpdate: "{{item}}を更新できませんでした（{{status}}）",
  failedDelete: "{{item}}を削除できませんでした（{{status}}）",
  failedMove: "{{item}}を移動できませんでした（{{status}}）",
  failedSend: "{{item}}を送信できませんでした（{{status}}）",
  failedUpload: "{{item}}をアップロードできませんでした（{{status}}）",
  failedActivate: "{{item}}を有効化できませんでした（{{status}}）",
  serverError: "サーバーエラー",
  save: "保存",
  cancel: "キャンセル",
  errorsTitle: "フォームを保存できませんでした",
};
