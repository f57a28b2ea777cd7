import type { Translation } from "../define-messages";
import type { messages as en } from "../en/onboarding";

export const messages: Translation<typeof en> = {
  termsTitle: "データ処理契約",
  termsIntro: "ご利用の前に、Netfleet が会社のデータをどのように扱うかをお読みください。",
  termsDevices: "Netfleet は、リモート管理のために会社のデバイス、ユーザー、設定を保存します。",
  termsTelemetry:
    "履歴、統計、アラートを表示するために、デバイスの状態、テレメトリ、ログを保存します。",
  termsAccess:
    "このデータを閲覧できる人は会社の管理者が決めます。データはこのインストールの運用者が安全に保管します。",
  termsAccept: "同意する",
  termsFailed: "同意を保存できませんでした: {{message}}",
  emailTitle: "メールアドレスを入力してください",
  emailDescription:
    "アカウントにはまだメールアドレスがありません。入力したアドレスに確認リンクを送信します。",
  emailLabel: "メールアドレス",
  emailSubmit: "メールアドレスを保存",
  emailSent: "受信トレイを確認してください。{{email}} に確認リンクを送信しました。",
  updateTitle: "新しいバージョンがあります",
  updateMessage: "再読み込みすると、最新バージョンの Netfleet を使用できます。",
  updateNow: "更新",
  updateLater: "後で",
};
