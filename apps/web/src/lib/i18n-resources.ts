import type { messages as account } from "../locales/en/account";
import type { messages as addDevice } from "../locales/en/add-device";
import type { messages as common } from "../locales/en/common";
import type { messages as companies } from "../locales/en/companies";
import type { messages as devicePage } from "../locales/en/device-page";
import type { messages as deviceUpdates } from "../locales/en/device-updates";
import type { messages as devices } from "../locales/en/devices";
import type { messages as dialogs } from "../locales/en/dialogs";
import type { messages as emailSmtp } from "../locales/en/email-smtp";
import type { messages as formErrors } from "../locales/en/form-errors";
import type { messages as forms } from "../locales/en/forms";
import type { messages as help } from "../locales/en/help";
import type { messages as http } from "../locales/en/http";
import type { messages as impersonation } from "../locales/en/impersonation";
import type { messages as invitations } from "../locales/en/invitations";
import type { messages as lists } from "../locales/en/lists";
import type { messages as mailLogs } from "../locales/en/mail-logs";
import type { messages as mfa } from "../locales/en/mfa";
import type { messages as navigation } from "../locales/en/navigation";
import type { messages as notices } from "../locales/en/notices";
import type { messages as notifications } from "../locales/en/notifications";
import type { messages as onboarding } from "../locales/en/onboarding";
import type { messages as permissions } from "../locales/en/permissions";
import type { messages as roles } from "../locales/en/roles";
import type { messages as routes } from "../locales/en/routes";
import type { messages as search } from "../locales/en/search";
import type { messages as startup } from "../locales/en/startup";
import type { messages as tags } from "../locales/en/tags";
import type { messages as files } from "../locales/en/files";
import type { messages as userMenu } from "../locales/en/user-menu";
import type { messages as users } from "../locales/en/users";

/**
 * The English messages of every namespace, by name: what `t()` keys are checked against.
 * A new file in `locales/` is added here too; `i18n.test.tsx` fails until it is.
 */
export interface I18nResources {
  account: typeof account;
  "add-device": typeof addDevice;
  common: typeof common;
  companies: typeof companies;
  "device-page": typeof devicePage;
  "device-updates": typeof deviceUpdates;
  devices: typeof devices;
  dialogs: typeof dialogs;
  "email-smtp": typeof emailSmtp;
  "form-errors": typeof formErrors;
  forms: typeof forms;
  help: typeof help;
  http: typeof http;
  impersonation: typeof impersonation;
  invitations: typeof invitations;
  lists: typeof lists;
  "mail-logs": typeof mailLogs;
  mfa: typeof mfa;
  navigation: typeof navigation;
  notices: typeof notices;
  notifications: typeof notifications;
  onboarding: typeof onboarding;
  permissions: typeof permissions;
  roles: typeof roles;
  routes: typeof routes;
  search: typeof search;
  startup: typeof startup;
  tags: typeof tags;
  files: typeof files;
  "user-menu": typeof userMenu;
  users: typeof users;
}
