import type { Translation } from "../define-messages";
import type { messages as en } from "../en/notifications";

export const messages: Translation<typeof en> = {
  notifications: "Сповіщення",
  unseenCount: "Непереглянутих: {{count}}",
  none: "Немає сповіщень",
  loading: "Завантаження сповіщень",
  loadFailed: "Не вдалося отримати сповіщення",
  showAll: "Показати всі сповіщення",
  getMoreResources: "Отримати більше ресурсів",
  unseen: "Непереглянуте",
  seenAt: "Переглянуто {{time}}",
  filter: "Показати",
  filterAll: "Усі",
  filterUnseen: "Непереглянуті",
  filterSeen: "Переглянуті",
  markAllSeen: "Позначити всі як переглянуті",
  markAllFailed: "Не вдалося позначити сповіщення як переглянуті",
  emptyText: "Тут з'являються новини про ваші пристрої, ресурси та користувачів.",
  noneUnseen: "Немає непереглянутих сповіщень",
  noneUnseenText: "Ви все переглянули.",
  noneSeen: "Немає переглянутих сповіщень",
  noneSeenText: "Сповіщення стають переглянутими, щойно ви закриєте список під дзвіночком.",
  "type.invitedUserRegistration": "Реєстрація користувача",
  "type.creditCodeActivation": "Активація коду",
  "type.creditAmountTooLow": "Мало кредитів",
  "type.deviceAlert": "Сповіщення пристрою",
};
