import type { Translation } from "../define-messages";
import type { messages as en } from "../en/mfa";

export const messages: Translation<typeof en> = {
  passwordTitle: "パスワードの確認",
  passwordText: "続行するにはパスワードを入力してください。",
  passwordLabel: "パスワード",
  passwordRequired: "パスワードを入力してください",
  confirm: "確認",
  cancel: "キャンセル",
  codeTitle: "認証コードを入力",
  codeText: "メールアドレスに認証コードを送信しました。",
  codeLabel: "コード",
  codeRequired: "コードを入力してください",
  totpTitle: "認証アプリに表示される 6 桁のコードを入力してください",
  totpText: "認証アプリを開き、このアカウントのコードを入力してください。",
  recoveryLabel: "リカバリーコード",
  recoveryText:
    "保存したリカバリーコードのいずれかを入力してください。各コードは 1 回だけ使えます。",
  useRecovery: "リカバリーコードを使う",
  useTotp: "アプリのコードを使う",
  idTitle: "ID 認証",
  idText:
    "この操作には外部の ID サービスによる認証が必要ですが、このインストールでは利用できません。アカウントに別の 2 要素認証を設定するよう管理者に依頼してください。",
  connectFailed: "サーバーに接続できませんでした",
};
