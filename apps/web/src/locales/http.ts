import { defineMessages } from "./define-messages";

/** Failures of calls to the server, as the HTTP client words them (shell §8). */
export const messages = defineMessages(
  {
    requestFailed: "Failed to send request. Try again later.",
    userRequestTimeout: "User request timeout",
    userDataFailed: "Failed to get user data",
  },
  {
    no: {
      requestFailed: "Kunne ikke sende forespørselen. Prøv igjen senere.",
      userRequestTimeout: "Tidsavbrudd for brukerforespørselen",
      userDataFailed: "Kunne ikke hente brukerdata",
    },
    ja: {
      requestFailed: "リクエストを送信できませんでした。しばらくしてからもう一度お試しください。",
      userRequestTimeout: "ユーザー情報の取得がタイムアウトしました",
      userDataFailed: "ユーザーデータを取得できませんでした",
    },
    uk: {
      requestFailed: "Не вдалося надіслати запит. Спробуйте пізніше.",
      userRequestTimeout: "Час очікування запиту користувача минув",
      userDataFailed: "Не вдалося отримати дані користувача",
    },
  },
);
