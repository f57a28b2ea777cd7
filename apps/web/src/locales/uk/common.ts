import type { Translation } from "../define-messages";
import type { messages as en } from "../en/common";

export const messages: Translation<typeof en> = {
  cancel: "Скасувати",
  confirm: "Підтвердити",
  close: "Закрити",
  save: "Зберегти",
  retry: "Спробувати знову",
  loading: "Завантаження…",
  company: "Компанія",
  signOutFailed: "Не вдалося вийти",
};
