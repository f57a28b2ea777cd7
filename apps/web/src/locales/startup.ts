import { defineMessages } from "./define-messages";

/**
 * Start-up and the full-page screens that replace the console (shell §2 "Start-up and
 * special screens", §8): offline, maintenance, notices chosen by error code, the connect
 * screens, and the network toasts.
 */
export const messages = defineMessages(
  {
    loading: "Loading",
    signingIn: "Signing in",
    unavailableTitle: "The console is unavailable",
    retry: "Try again",
    signOut: "Sign out",
    offlineTitle: "You are offline",
    offlineMessage:
      "You are offline. Please make sure to check network cables, modem, and router or reconnecting to Wi-Fi and try again.",
    stillOffline: "Still no connection. Try again once the network is back.",
    networkLost: "The network connection has been lost.",
    networkBack: "You are back online.",
    maintenanceTitle: "Netfleet is under maintenance",
    maintenanceMessage:
      "The console cannot reach its server right now. Try again in a few minutes.",
    maintenanceDetail: "{{message}} (status {{status}})",
    accessDeniedTitle: "Access denied",
    accessDeniedMessage: "User has no view permissions available",
    accessDeniedHint: "Ask an administrator of your company for a role that can view something.",
    notInvitedTitle: "Your account has not been invited",
    notInvitedMessage:
      "You signed in with single sign-on, but this account has not been invited to Netfleet.",
    notInvitedHint: "Ask an administrator of your company to send an invitation to {{email}}.",
    notInvitedHintNoEmail: "Ask an administrator of your company to send you an invitation.",
    mfaTitle: "Two-factor authentication required",
    mfaMessage: "Your company requires two-factor authentication before anyone uses the console.",
    mfaHint: "Set up a second factor for your account with your administrator, then sign in again.",
    notFoundTitle: "Page not found",
    notFoundMessage: "There is no page at this address. It may have moved, or the link is wrong.",
    notFoundHome: "Go to the console",
    crashTitle: "Something went wrong",
    crashMessage:
      "The console could not start. Reload to try again; if it keeps happening, contact your administrator.",
    routeErrorMessage:
      "This page could not be shown. Reload to try again; if it keeps happening, contact your administrator.",
    updating: "Updating Netfleet",
    connectDesktopTitle: "Remote desktop",
    connectSshTitle: "SSH",
    connectTelnetTitle: "Telnet",
    connectFileTransferTitle: "File transfer",
    connectTarget: "Target",
    connectNoTarget: "No target given",
    connectChecking: "Checking the remote session",
    connectKeyMissing:
      "The session key is missing. Open remote sessions from a device's remote access list.",
    connectExpired: "This remote session has expired or does not exist.",
    connectFailed: "The remote session could not be checked: {{message}}",
    connectUnsupported:
      "The session is valid, but this version of Netfleet cannot open remote sessions in the browser yet.",
    connectBack: "Back to the console",
  },
  {
    no: {
      loading: "Laster",
      signingIn: "Logger inn",
      unavailableTitle: "Konsollen er utilgjengelig",
      retry: "Prøv igjen",
      signOut: "Logg ut",
      offlineTitle: "Du er frakoblet",
      offlineMessage:
        "Du er frakoblet. Kontroller nettverkskabler, modem og ruter, eller koble til Wi-Fi på nytt, og prøv igjen.",
      stillOffline: "Fortsatt ingen forbindelse. Prøv igjen når nettverket er tilbake.",
      networkLost: "Nettverksforbindelsen er brutt.",
      networkBack: "Du er tilkoblet igjen.",
      maintenanceTitle: "Netfleet er under vedlikehold",
      maintenanceMessage:
        "Konsollen får ikke kontakt med serveren akkurat nå. Prøv igjen om noen minutter.",
      maintenanceDetail: "{{message}} (statuskode {{status}})",
      accessDeniedTitle: "Ingen tilgang",
      accessDeniedMessage: "Brukeren har ingen visningstillatelser",
      accessDeniedHint:
        "Be en administrator i selskapet ditt om en rolle som kan se noe i konsollen.",
      notInvitedTitle: "Kontoen din er ikke invitert",
      notInvitedMessage:
        "Du logget inn med enkel pålogging, men denne kontoen er ikke invitert til Netfleet.",
      notInvitedHint: "Be en administrator i selskapet ditt sende en invitasjon til {{email}}.",
      notInvitedHintNoEmail: "Be en administrator i selskapet ditt sende deg en invitasjon.",
      mfaTitle: "Tofaktorautentisering kreves",
      mfaMessage: "Selskapet ditt krever tofaktorautentisering før konsollen kan brukes.",
      mfaHint:
        "Sett opp en annen faktor for kontoen din sammen med administratoren, og logg inn igjen.",
      notFoundTitle: "Fant ikke siden",
      notFoundMessage:
        "Det finnes ingen side på denne adressen. Den kan være flyttet, eller lenken er feil.",
      notFoundHome: "Gå til konsollen",
      crashTitle: "Noe gikk galt",
      crashMessage:
        "Konsollen kunne ikke starte. Last inn siden på nytt; hvis det skjer igjen, kontakt administratoren din.",
      routeErrorMessage:
        "Denne siden kunne ikke vises. Last inn på nytt; hvis det skjer igjen, kontakt administratoren din.",
      updating: "Oppdaterer Netfleet",
      connectDesktopTitle: "Eksternt skrivebord",
      connectSshTitle: "SSH",
      connectTelnetTitle: "Telnet",
      connectFileTransferTitle: "Filoverføring",
      connectTarget: "Mål",
      connectNoTarget: "Ikke oppgitt",
      connectChecking: "Kontrollerer den eksterne økten",
      connectKeyMissing:
        "Øktnøkkelen mangler. Åpne eksterne økter fra listen over fjerntilgang for en enhet.",
      connectExpired: "Denne eksterne økten er utløpt eller finnes ikke.",
      connectFailed: "Den eksterne økten kunne ikke kontrolleres: {{message}}",
      connectUnsupported:
        "Økten er gyldig, men denne versjonen av Netfleet kan ennå ikke åpne eksterne økter i nettleseren.",
      connectBack: "Tilbake til konsollen",
    },
    ja: {
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
      mfaHint:
        "管理者と一緒にアカウントの第 2 要素を設定してから、もう一度サインインしてください。",
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
    },
    uk: {
      loading: "Завантаження",
      signingIn: "Вхід",
      unavailableTitle: "Консоль недоступна",
      retry: "Спробувати знову",
      signOut: "Вийти",
      offlineTitle: "Ви офлайн",
      offlineMessage:
        "Ви офлайн. Перевірте мережеві кабелі, модем і маршрутизатор або повторно підключіться до Wi-Fi і спробуйте знову.",
      stillOffline: "З'єднання досі немає. Спробуйте знову, коли мережа відновиться.",
      networkLost: "Мережеве з'єднання втрачено.",
      networkBack: "З'єднання відновлено.",
      maintenanceTitle: "Netfleet на технічному обслуговуванні",
      maintenanceMessage:
        "Консоль зараз не може зв'язатися з сервером. Спробуйте знову за кілька хвилин.",
      maintenanceDetail: "{{message}} (статус {{status}})",
      accessDeniedTitle: "Доступ заборонено",
      accessDeniedMessage: "Користувач не має жодних дозволів на перегляд",
      accessDeniedHint:
        "Попросіть адміністратора вашої компанії призначити роль, яка дозволяє щось переглядати.",
      notInvitedTitle: "Ваш обліковий запис не запрошено",
      notInvitedMessage:
        "Ви увійшли через єдиний вхід, але цей обліковий запис не запрошено до Netfleet.",
      notInvitedHint: "Попросіть адміністратора вашої компанії надіслати запрошення на {{email}}.",
      notInvitedHintNoEmail: "Попросіть адміністратора вашої компанії надіслати вам запрошення.",
      mfaTitle: "Потрібна двофакторна автентифікація",
      mfaMessage: "Ваша компанія вимагає двофакторну автентифікацію перед використанням консолі.",
      mfaHint:
        "Налаштуйте другий фактор для свого облікового запису разом з адміністратором, а потім увійдіть знову.",
      notFoundTitle: "Сторінку не знайдено",
      notFoundMessage:
        "За цією адресою немає сторінки. Можливо, її перенесено або посилання неправильне.",
      notFoundHome: "Перейти до консолі",
      crashTitle: "Щось пішло не так",
      crashMessage:
        "Не вдалося запустити консоль. Перезавантажте сторінку; якщо це повториться, зверніться до адміністратора.",
      routeErrorMessage:
        "Не вдалося показати цю сторінку. Перезавантажте її; якщо це повториться, зверніться до адміністратора.",
      updating: "Оновлення Netfleet",
      connectDesktopTitle: "Віддалений робочий стіл",
      connectSshTitle: "SSH",
      connectTelnetTitle: "Telnet",
      connectFileTransferTitle: "Передавання файлів",
      connectTarget: "Ціль",
      connectNoTarget: "Не вказано",
      connectChecking: "Перевірка віддаленого сеансу",
      connectKeyMissing:
        "Бракує ключа сеансу. Відкривайте віддалені сеанси зі списку віддаленого доступу пристрою.",
      connectExpired: "Цей віддалений сеанс завершився або не існує.",
      connectFailed: "Не вдалося перевірити віддалений сеанс: {{message}}",
      connectUnsupported:
        "Сеанс дійсний, але ця версія Netfleet ще не вміє відкривати віддалені сеанси в браузері.",
      connectBack: "Повернутися до консолі",
    },
  },
);
