import type { messages as account } from "../locales/account";
import type { messages as addDevice } from "../locales/add-device";
import type { messages as common } from "../locales/common";
import type { messages as companies } from "../locales/companies";
import type { messages as devicePage } from "../locales/device-page";
import type { messages as deviceUpdates } from "../locales/device-updates";
import type { messages as devices } from "../locales/devices";
import type { messages as dialogs } from "../locales/dialogs";
import type { messages as emailSmtp } from "../locales/email-smtp";
import type { messages as formErrors } from "../locales/form-errors";
import type { messages as forms } from "../locales/forms";
import type { messages as help } from "../locales/help";
import type { messages as http } from "../locales/http";
import type { messages as impersonation } from "../locales/impersonation";
import type { messages as invitations } from "../locales/invitations";
import type { messages as lists } from "../locales/lists";
import type { messages as mailLogs } from "../locales/mail-logs";
import type { messages as mfa } from "../locales/mfa";
import type { messages as navigation } from "../locales/navigation";
import type { messages as notices } from "../locales/notices";
import type { messages as notifications } from "../locales/notifications";
import type { messages as onboarding } from "../locales/onboarding";
import type { messages as permissions } from "../locales/permissions";
import type { messages as roles } from "../locales/roles";
import type { messages as routes } from "../locales/routes";
import type { messages as search } from "../locales/search";
import type { messages as startup } from "../locales/startup";
import type { messages as tags } from "../locales/tags";
import type { messages as files } from "../locales/files";
import type { messages as userMenu } from "../locales/user-menu";
import type { messages as users } from "../locales/users";

/**
 * The English messages of every namespace, by name: what `t()` keys are checked against.
 * A new file in `locales/` is added here too; `i18n.test.ts` fails until it is.
 */
export interface I18nResources {
  account: (typeof account)["en"];
  "add-device": (typeof addDevice)["en"];
  common: (typeof common)["en"];
  companies: (typeof companies)["en"];
  "device-page": (typeof devicePage)["en"];
  "device-updates": (typeof deviceUpdates)["en"];
  devices: (typeof devices)["en"];
  dialogs: (typeof dialogs)["en"];
  "email-smtp": (typeof emailSmtp)["en"];
  "form-errors": (typeof formErrors)["en"];
  forms: (typeof forms)["en"];
  help: (typeof help)["en"];
  http: (typeof http)["en"];
  impersonation: (typeof impersonation)["en"];
  invitations: (typeof invitations)["en"];
  lists: (typeof lists)["en"];
  "mail-logs": (typeof mailLogs)["en"];
  mfa: (typeof mfa)["en"];
  navigation: (typeof navigation)["en"];
  notices: (typeof notices)["en"];
  notifications: (typeof notifications)["en"];
  onboarding: (typeof onboarding)["en"];
  permissions: (typeof permissions)["en"];
  roles: (typeof roles)["en"];
  routes: (typeof routes)["en"];
  search: (typeof search)["en"];
  startup: (typeof startup)["en"];
  tags: (typeof tags)["en"];
  files: (typeof files)["en"];
  "user-menu": (typeof userMenu)["en"];
  users: (typeof users)["en"];
}

// Keys of `useTranslation("ns")` + `t("key")` and of `i18n.t("ns:key")` are type-checked.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    // Keys are flat, and route names contain dots (see lib/i18n.ts).
    keySeparator: false;
    resources: I18nResources;
  }
}
