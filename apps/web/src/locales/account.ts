import { defineMessages } from "./define-messages";

/** The account service's screens inside the console (e-mail confirmation notice). */
export const messages = defineMessages(
  {
    confirmTitle: "Confirm your e-mail address",
    sentTo: "We sent a confirmation link to <0>{{email}}</0>. Open it to start using {{app}}.",
    sentToYou:
      "We sent a confirmation link to your e-mail address. Open it to start using {{app}}.",
    noEmail: "No e-mail? Check the spam folder, or send the link again.",
    resend: "Resend e-mail",
    signOut: "Sign out",
    resent: "Email confirmation sent successfully",
    resendFailed: "Failed to send email confirmation ({{status}})",
  },
  {
    no: {
      confirmTitle: "Bekreft e-postadressen din",
      sentTo:
        "Vi sendte en bekreftelseslenke til <0>{{email}}</0>. Åpne den for å begynne å bruke {{app}}.",
      sentToYou:
        "Vi sendte en bekreftelseslenke til e-postadressen din. Åpne den for å begynne å bruke {{app}}.",
      noEmail: "Ingen e-post? Sjekk søppelpostmappen, eller send lenken på nytt.",
      resend: "Send e-post på nytt",
      signOut: "Logg ut",
      resent: "Bekreftelse på e-post er sendt",
      resendFailed: "Kunne ikke sende bekreftelse på e-post ({{status}})",
    },
    ja: {
      confirmTitle: "メールアドレスを確認してください",
      sentTo:
        "<0>{{email}}</0> に確認リンクを送信しました。リンクを開くと {{app}} を使い始められます。",
      sentToYou:
        "メールアドレスに確認リンクを送信しました。リンクを開くと {{app}} を使い始められます。",
      noEmail:
        "メールが届きませんか？迷惑メールフォルダーを確認するか、リンクを再送信してください。",
      resend: "メールを再送信",
      signOut: "サインアウト",
      resent: "確認メールを送信しました",
      resendFailed: "確認メールを送信できませんでした（{{status}}）",
    },
    uk: {
      confirmTitle: "Підтвердьте свою адресу електронної пошти",
      sentTo:
        "Ми надіслали посилання для підтвердження на <0>{{email}}</0>. Відкрийте його, щоб почати користуватися {{app}}.",
      sentToYou:
        "Ми надіслали посилання для підтвердження на вашу адресу електронної пошти. Відкрийте його, щоб почати користуватися {{app}}.",
      noEmail: "Немає листа? Перевірте папку «Спам» або надішліть посилання ще раз.",
      resend: "Надіслати лист ще раз",
      signOut: "Вийти",
      resent: "Лист для підтвердження надіслано",
      resendFailed: "Не вдалося надіслати лист для підтвердження ({{status}})",
    },
  },
);
