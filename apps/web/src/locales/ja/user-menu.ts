import type { Translation } from "../define-messages";
import type { messages as en } from "../en/user-menu";

export const messages: Translation<typeof en> = {
  menuLabel: "ユーザーメニュー、{{email}}",
  back: "戻る",
  accountSettings: "アカウント設定",
  impersonationUntil: "代理ログインの許可期限：{{time}}",
  impersonationExplained:
    "この日時まで、サポート担当者があなたとして操作することを許可しています。",
  revokeAccess: "アクセスを取り消す",
  resources: "リソース",
  companyDataRemaining: "会社の残りデータ量",
  creditsLeft: "残りクレジット",
  noCredits: "クレジットはありません",
  getMoreResources: "リソースを追加購入",
  resourcesFailed: "リソース概要を読み込めませんでした。",
  activateCode: "コードを有効化",
  darkMode: "ダークモード",
  darkModeAuto: "自動",
  darkModeOn: "有効にする",
  darkModeOff: "無効にする",
  systemTimezone: "システムのタイムゾーン",
  timezoneSearch: "タイムゾーンを検索",
  timezoneNothingFound: "該当するタイムゾーンはありません",
  selectedTime: "選択した時刻",
  utcTime: "UTC 時刻",
  resetTimezone: "システムのタイムゾーンをリセット",
  timezoneUpdated: "タイムゾーンを更新しました",
  timezoneDefaultUsed: "既定のタイムゾーンを使用します",
  languages: "言語",
  languageReloading: "{{language}}で再読み込みします。",
  viewCompany: "会社を表示",
  viewPermissions: "割り当てられた権限を表示",
  userPermissions: "ユーザー権限",
  noPermissions: "割り当てられた権限はありません。",
  changelog: "変更履歴",
  logout: "ログアウト",
  logoutCancelImpersonation: "ログアウトして代理ログインを終了",
  changelogVersion: "バージョン {{version}}",
  changelogIntro: "このリリースのコンソールでできること。",
  "note.signIn":
    "メールアドレスとパスワードでサインインします。パスワードを続けて間違えると、アカウントはしばらく一時停止されます。",
  "note.account":
    "アカウントの作成、メールアドレスの確認、忘れたパスワードのメールでのリセットができます。",
  "note.sessions":
    "作業中はセッションが自動的に更新され、サインアウトするとサーバー上のセッションも終了します。",
  "note.tokens":
    "スコープ付きの個人アクセストークンで、スクリプトから API を利用できます。作成と削除はアカウント設定で行います。",
  "note.devices":
    "デバイス一覧：名前、シリアル番号、MAC アドレスで検索し、列で並べ替え、ページを切り替えて閲覧できます。",
  "note.shell":
    "コンソールの枠組み：権限に応じたナビゲーションと、ダークモード、システムのタイムゾーン、言語、リソース概要、権限を備えたこのユーザーメニュー。",
  signingOut: "サインアウトしています",
  signOutFailed: "サインアウトできませんでした",
};
