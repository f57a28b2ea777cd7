import type { Translation } from "../define-messages";
import type { messages as en } from "../en/startup";

export const messages: Translation<typeof en> = {
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
};
