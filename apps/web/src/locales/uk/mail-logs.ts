import type { Translation } from "../define-messages";
import type { messages as en } from "../en/mail-logs";

export const messages: Translation<typeof en> = {
  table: "Журнал пошти",
  search: "Пошук у журналі пошти",
  searchPlaceholder: "Пошук за одержувачем",
  statusFilter: "Показати листи",
  statusAll: "Усі",
  "status.outbox": "У вихідних",
  "status.pending": "Надсилається",
  "status.sent": "Надіслано",
  "status.failed": "Помилка",
  colCreated: "Час",
  colTo: "Одержувач",
  colSubject: "Тема",
  colStatus: "Стан",
  colTemplate: "Вид",
  colSent: "Надіслано о",
  loadFailed: "Не вдалося завантажити журнал пошти",
  emptyTitle: "Листів ще немає",
  emptyStatusTitle: "Немає листів у цьому стані",
  emptyText: "Тут перелічено всі листи, які система надсилає або тримає у вихідних.",
  noMatch: "Немає листів для «{{query}}»",
  mailSubtitle: "Лист",
  errorTitle: "Чому не вдалося",
};
