import { defineMessages } from "../define-messages";

/**
 * The user menu, its sub-menus, the "User permissions" dialog (its permission names are
 * in `permissions.ts`), the changelog page (`note.*`) and the logout page.
 */
export const messages = defineMessages({
  menuLabel: "User menu, {{email}}",
  back: "Back",
  accountSettings: "Account settings",
  impersonationUntil: "Impersonation until {{time}}",
  impersonationExplained: "You allowed support staff to act as you until then.",
  revokeAccess: "Revoke access",
  resources: "Resources",
  companyDataRemaining: "Company data remaining",
  creditsLeft: "Credits left",
  noCredits: "No credits",
  getMoreResources: "Get more resources",
  resourcesFailed: "The resource summary could not be loaded.",
  activateCode: "Activate code",
  darkMode: "Dark mode",
  darkModeAuto: "Auto",
  darkModeOn: "Enable",
  darkModeOff: "Disable",
  systemTimezone: "System timezone",
  timezoneSearch: "Search timezones",
  timezoneNothingFound: "No such timezone",
  selectedTime: "Selected time",
  utcTime: "UTC time",
  resetTimezone: "Reset system timezone",
  timezoneUpdated: "Timezone updated successfully",
  timezoneDefaultUsed: "The default timezone is used",
  languages: "Languages",
  languageReloading: "The console reloads in {{language}}.",
  viewCompany: "View company",
  viewPermissions: "View assigned permissions",
  userPermissions: "User permissions",
  noPermissions: "No permissions are assigned to you.",
  changelog: "Changelog",
  logout: "Logout",
  logoutCancelImpersonation: "Logout & cancel impersonation",
  changelogVersion: "Version {{version}}",
  changelogIntro: "What this release of the console does.",
  "note.signIn":
    "Sign in with your e-mail address and password. Repeated wrong passwords pause the account for a while.",
  "note.account":
    "Create an account, confirm your e-mail address, and reset a forgotten password by e-mail.",
  "note.sessions":
    "Sessions renew themselves while you work, and signing out ends the session on the server.",
  "note.tokens":
    "Personal access tokens with scopes let scripts use the API. Create and delete them in Account settings.",
  "note.devices":
    "The devices list: search by name, serial number or MAC address, sort the columns and page through the fleet.",
  "note.shell":
    "The console frame: navigation that follows your permissions, and this user menu with dark mode, system timezone, language, resource summary and your permissions.",
  signingOut: "Signing out",
  signOutFailed: "Could not sign out",
});
