import type { Translation } from "../define-messages";
import type { messages as en } from "../en/http";

export const messages: Translation<typeof en> = {
  requestFailed: "Не вдалося надіслати запит. Спробуйте пізніше.",
  userRequestTimeout: "Час очікування запиту користувача минув",
  userDataFailed: "Не вдалося отримати дані користувача",
};
