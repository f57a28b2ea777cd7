import type { Translation } from "../define-messages";
import type { messages as en } from "../en/user-menu";

export const messages: Translation<typeof en> = {
  menuLabel: "Меню користувача, {{email}}",
  back: "Назад",
  accountSettings: "Налаштування облікового запису",
  impersonationUntil: "Вхід від вашого імені дозволено до {{time}}",
  impersonationExplained: "Ви дозволили службі підтримки діяти від вашого імені до цього часу.",
  revokeAccess: "Скасувати доступ",
  resources: "Ресурси",
  companyDataRemaining: "Залишок даних компанії",
  creditsLeft: "Залишок кредитів",
  noCredits: "Кредитів немає",
  getMoreResources: "Отримати більше ресурсів",
  resourcesFailed: "Не вдалося завантажити зведення ресурсів.",
  activateCode: "Активувати код",
  darkMode: "Темна тема",
  darkModeAuto: "Авто",
  darkModeOn: "Увімкнути",
  darkModeOff: "Вимкнути",
  systemTimezone: "Системний часовий пояс",
  timezoneSearch: "Пошук часового поясу",
  timezoneNothingFound: "Такого часового поясу немає",
  selectedTime: "Вибраний час",
  utcTime: "Час UTC",
  resetTimezone: "Скинути системний часовий пояс",
  timezoneUpdated: "Часовий пояс успішно оновлено",
  timezoneDefaultUsed: "Використовується часовий пояс за замовчуванням",
  languages: "Мови",
  languageReloading: "Консоль перезавантажиться, мова: {{language}}.",
  viewCompany: "Переглянути компанію",
  viewPermissions: "Переглянути призначені дозволи",
  userPermissions: "Дозволи користувача",
  noPermissions: "Вам не призначено жодних дозволів.",
  changelog: "Журнал змін",
  logout: "Вийти",
  logoutCancelImpersonation: "Вийти й завершити вхід від імені",
  changelogVersion: "Версія {{version}}",
  changelogIntro: "Що вміє цей випуск консолі.",
  "note.signIn":
    "Вхід за адресою електронної пошти й паролем. Після кількох неправильних паролів обліковий запис тимчасово блокується.",
  "note.account":
    "Створення облікового запису, підтвердження адреси електронної пошти й відновлення забутого пароля через пошту.",
  "note.sessions": "Сеанси оновлюються самі, поки ви працюєте, а вихід завершує сеанс на сервері.",
  "note.tokens":
    "Особисті токени доступу з областями дії дають скриптам змогу користуватися API. Створюйте й видаляйте їх у налаштуваннях облікового запису.",
  "note.devices":
    "Список пристроїв: пошук за назвою, серійним номером або MAC-адресою, сортування за стовпцями й посторінковий перегляд.",
  "note.shell":
    "Каркас консолі: навігація відповідно до ваших дозволів і це меню користувача з темною темою, системним часовим поясом, мовою, зведенням ресурсів і вашими дозволами.",
  signingOut: "Вихід із системи",
  signOutFailed: "Не вдалося вийти",
};
