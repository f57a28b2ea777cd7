import type { Translation } from "../define-messages";
import type { messages as en } from "../en/startup";

export const messages: Translation<typeof en> = {
  loading: "読み込み中",
  signingIn: "サインイン中",
  unavailableTitle: "コンソールを利用できません",
  retry: "再試行",
  signOut: "サインアウト",
  offlineTitle: "オフラインです",
  offlineMessage:
    "オフラインです。ネットワークケーブル、モデム、ルーターを確認するか、Wi-Fi に再接続してから、もう一度お試しください。",
  stillOffline: "まだ接続されていません。ネットワークが復旧してから再試行してください。",
  networkLost: "ネットワーク接続が切断されました。",
  networkBack: "オンラインに戻りました。",
  maintenanceTitle: "Netfleet はメンテナンス中です",
  maintenanceMessage:
    "現在、コンソールがサーバーに接続できません。数分後にもう一度お試しください。",
  maintenanceDetail: "{{message}}（ステータス {{status}}）",
  accessDeniedTitle: "アクセスが拒否されました",
  accessDeniedMessage: "ユーザーに利用可能な閲覧権限がありません",
  accessDeniedHint: "閲覧できるロールを会社の管理者に依頼してください。",
  notInvitedTitle: "アカウントが招待されていません",
  notInvitedMessage:
    "シングルサインオンでサインインしましたが、このアカウントは Netfleet に招待されていません。",
  notInvitedHint: "{{email}} 宛てに招待を送るよう、会社の管理者に依頼してください。",
  notInvitedHintNoEmail: "招待を送るよう、会社の管理者に依頼してください。",
  mfaTitle: "2 要素認証が必要です",
  mfaMessage: "お使いの会社では、コンソールを使う前に 2 要素認証が必要です。",
  mfaHint: "管理者と一緒にアカウントの第 2 要素を設定してから、もう一度サインインしてください。",
  notFoundTitle: "ページが見つかりません",
  notFoundMessage:
    "このアドレスにはページがありません。移動したか、リンクが間違っている可能性があります。",
  notFoundHome: "コンソールへ移動",
  crashTitle: "問題が発生しました",
  crashMessage:
    "コンソールを起動できませんでした。再読み込みしてください。繰り返し発生する場合は管理者にお問い合わせください。",
  routeErrorMessage:
    "このページを表示できませんでした。再読み込みしてください。繰り返し発生する場合は管理者にお問い合わせください。",
  updating: "Netfleet を更新しています",
  connectDesktopTitle: "リモートデスクトップ",
  connectSshTitle: "SSH",
  connectTelnetTitle: "Telnet",
  connectFileTransferTitle: "ファイル転送",
  connectTarget: "接続先",
  connectNoTarget: "指定なし",
  connectChecking: "リモートセッションを確認しています",
  connectKeyMissing:
    "セッションキーがありません。デバイスのリモートアクセス一覧からリモートセッションを開いてください。",
  connectExpired: "このリモートセッションは期限切れか、存在しません。",
  connectFailed: "リモートセッションを確認できませんでした: {{message}}",
  connectUnsupported:
    "セッションは有効ですが、このバージョンの Netfleet ではまだブラウザーでリモートセッションを開けません。",
  connectBack: "コンソールに戻る",
};
