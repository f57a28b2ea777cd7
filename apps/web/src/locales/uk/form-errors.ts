import type { Translation } from "../define-messages";
import type { messages as en } from "../en/form-errors";

export const messages: Translation<typeof en> = {
  fileLine: "{{message}} ({{name}}, рядок {{line}} з {{total}})",
  fileOnly: "{{message}} ({{name}})",
  created: "{{item}}: успішно створено",
  updated: "{{item}}: успішно оновлено",
  deleted: "{{item}}: успішно видалено",
  moved: "{{item}}: успішно переміщено",
  sent: "{{item}}: успішно надіслано",
  uploaded: "{{item}}: успішно завантажено",
  activated: "{{item}}: успішно активовано",
  operationComplete: "Операцію завершено",
  saved: "Зміни збережено",
  failedCreate: "Не вдалося створити: {{item}} ({{status}})",
  failedUpdate: "Не вдалося оновити: {{item}} ({{status}})",
  failedDelete: "Не вдалося видалити: {{item}} ({{status}})",
  failedMove: "Не вдалося перемістити: {{item}} ({{status}})",
  failedSend: "Не вдалося надіслати: {{item}} ({{status}})",
  failedUpload: "Не вдалося завантажити: {{item}} ({{status}})",
  failedActivate: "Не вдалося активувати: {{item}} ({{status}})",
  serverError: "Помилка сервера",
  save: "Зберегти",
  cancel: "Скасувати",
  errorsTitle: "Не вдалося зберегти форму",
};
