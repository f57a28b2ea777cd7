import { defineMessages } from "../define-messages";

/** Help side panel texts, keyed by route name (shell §2 Layout). */
export const messages = defineMessages({
  "management.devices":
    "Every device of your company and its subsidiaries. Search by name, serial number or MAC address, sort by any column, and open a device to see its activity, location and metrics.",
  "reports.single":
    "Single reports are generated once for the devices and period you choose. Generated reports stay listed here until they are deleted.",
  "reports.periodic.day":
    "Daily reports are generated every day for the chosen devices and sent to the recipients you list.",
  "reports.periodic.week":
    "Weekly reports are generated every week for the chosen devices and sent to the recipients you list.",
  "reports.periodic.month":
    "Monthly reports are generated every month for the chosen devices and sent to the recipients you list.",
  "statistics.connection-manager":
    "Connection manager statistics show how devices connect to the server: sessions, reconnects and failures over time.",
  "services.credit-codes":
    "Codes transfer resources between companies. Create a code to give resources away, or activate a code you received.",
  "services.credit-history":
    "Every change of your company's resources: purchases, transfers, activated codes and what devices used.",
  "services.data-overview": "How much company data is left and how it was used by your devices.",
  "services.data-history": "Company data purchases and their history.",
  "users.table":
    "Users of your company and its subsidiaries. A user's role decides what they may see and change.",
  "users.impersonation-logs":
    "Every time an operator acted as another user: who, as whom, when it started and when it ended. A user must grant access first.",
  "tags.main": "Tags group devices so that you can filter, report on and act on them together.",
  "account.settings":
    "Your profile, the personal access tokens your scripts use, and whether support may act as you.",
  moreHelp: "Read more in the documentation",
});
