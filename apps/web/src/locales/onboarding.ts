import { defineMessages } from "./define-messages";

/**
 * What the console asks of a signed-in user once (shell §4 "Terms of service", "Email
 * prompt", "Update prompt"): the data agreement, a real e-mail address, and reloading for
 * a new version.
 */
export const messages = defineMessages(
  {
    termsTitle: "Data processing agreement",
    termsIntro: "Before you start, please read how Netfleet handles the data of your company.",
    termsDevices:
      "Netfleet stores your company's devices, users and settings to manage them remotely.",
    termsTelemetry:
      "Device status, telemetry and logs are kept to show history, statistics and alerts.",
    termsAccess:
      "Administrators of your company decide who may see this data; the operator of this installation keeps it safe.",
    termsAccept: "I accept",
    termsFailed: "Your acceptance could not be saved: {{message}}",
    emailTitle: "Please enter your email address",
    emailDescription:
      "Your account has no e-mail address yet. We will send a confirmation link to the address you enter.",
    emailLabel: "E-mail",
    emailSubmit: "Save e-mail address",
    emailSent: "Check your inbox: we sent a confirmation link to {{email}}.",
    updateTitle: "A new version is available",
    updateMessage: "Reload to use the latest version of Netfleet.",
    updateNow: "Update",
    updateLater: "Later",
  },
  {
    no: {
      termsTitle: "Databehandleravtale",
      termsIntro: "Før du begynner, les hvordan Netfleet behandler dataene til selskapet ditt.",
      termsDevices:
        "Netfleet lagrer selskapets enheter, brukere og innstillinger for å kunne administrere dem eksternt.",
      termsTelemetry:
        "Enhetsstatus, telemetri og logger lagres for å vise historikk, statistikk og varsler.",
      termsAccess:
        "Administratorene i selskapet ditt bestemmer hvem som kan se disse dataene; den som drifter installasjonen, holder dem trygge.",
      termsAccept: "Jeg godtar",
      termsFailed: "Godkjenningen din kunne ikke lagres: {{message}}",
      emailTitle: "Skriv inn e-postadressen din",
      emailDescription:
        "Kontoen din har ingen e-postadresse ennå. Vi sender en bekreftelseslenke til adressen du skriver inn.",
      emailLabel: "E-post",
      emailSubmit: "Lagre e-postadresse",
      emailSent: "Sjekk innboksen din: vi har sendt en bekreftelseslenke til {{email}}.",
      updateTitle: "En ny versjon er tilgjengelig",
      updateMessage: "Last inn på nytt for å bruke den nyeste versjonen av Netfleet.",
      updateNow: "Oppdater",
      updateLater: "Senere",
    },
    ja: {
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
    },
    uk: {
      termsTitle: "Угода про обробку даних",
      termsIntro: "Перш ніж почати, прочитайте, як Netfleet обробляє дані вашої компанії.",
      termsDevices:
        "Netfleet зберігає пристрої, користувачів і налаштування вашої компанії, щоб керувати ними віддалено.",
      termsTelemetry:
        "Стан пристроїв, телеметрія та журнали зберігаються, щоб показувати історію, статистику й сповіщення.",
      termsAccess:
        "Адміністратори вашої компанії вирішують, хто бачить ці дані; оператор цієї інсталяції зберігає їх у безпеці.",
      termsAccept: "Я погоджуюся",
      termsFailed: "Не вдалося зберегти вашу згоду: {{message}}",
      emailTitle: "Введіть свою адресу електронної пошти",
      emailDescription:
        "Ваш обліковий запис ще не має адреси електронної пошти. Ми надішлемо посилання для підтвердження на введену адресу.",
      emailLabel: "Електронна пошта",
      emailSubmit: "Зберегти адресу",
      emailSent: "Перевірте пошту: ми надіслали посилання для підтвердження на {{email}}.",
      updateTitle: "Доступна нова версія",
      updateMessage: "Перезавантажте сторінку, щоб користуватися найновішою версією Netfleet.",
      updateNow: "Оновити",
      updateLater: "Пізніше",
    },
  },
);
