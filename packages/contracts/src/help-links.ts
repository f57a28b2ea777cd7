/**
 * Help links (forms §2): route names and the help keys of forms and dialogs, mapped to pages
 * of the product documentation. The header help icon of a page or dialog opens the page in
 * a new tab; nothing is fetched from the documentation site until a link is followed.
 */
export const HELP_BASE_URL = "https://docs.netfleet.io";

/** Key → documentation path (relative to `HELP_BASE_URL`). */
export const HELP_LINKS = {
  // Routes (FM-DIALOG-029…031).
  "management.devices": "/devices/",
  "task-manager": "/tasks/task-manager/",
  multiconfig: "/tasks/multi-configuration/",
  "hotspot.wifi": "/hotspots/wifi/",
  reports: "/reports/",
  "remote.access": "/remote-access/",
  "remote.info": "/remote-access/details/",
  "service.connect-history": "/remote-access/connect-history/",
  "vpn.hubs": "/vpn/hubs/",
  "vpn-hub": "/vpn/hubs/details/",
  "vpn.quick-connect": "/vpn/quick-connect/",
  "vpn-connect": "/vpn/connect/",
  "users.companies": "/users/companies/",
  "company.info": "/users/companies/details/",
  "users.table": "/users/",
  "users.invitations": "/users/invitations/",
  "tags.main": "/tags/",
  "management.files": "/devices/files/",
  "users.roles": "/users/roles/",
  "administration.resources": "/administration/resources/",
  "dynamic.parameters": "/monitoring/dynamic-parameters/",
  // Forms and dialogs.
  "add-device": "/devices/adding-devices/",
  "device-add-from-file": "/devices/adding-devices/from-file/",
  "new-role": "/users/roles/new-role/",
  "new-tag": "/tags/",
  "move-device-resources": "/devices/moving-devices/",
  "new-task-group": "/tasks/task-groups/",
  "edit-task-group": "/tasks/task-groups/",
  "new-automation": "/tasks/automations/",
  "edit-automation": "/tasks/automations/",
  "password-manager": "/devices/password-manager/",
  "periodic-backup-rules": "/devices/periodic-backups/",
  "smtp-config": "/administration/smtp/",
  mfa: "/account/two-factor-authentication/",
} as const satisfies Record<string, string>;

export type HelpLinkKey = keyof typeof HELP_LINKS;

export function isHelpLinkKey(key: string): key is HelpLinkKey {
  return Object.hasOwn(HELP_LINKS, key);
}

/** The documentation page of `key`; undefined for a key the table does not know. */
export function helpLinkUrl(key: string): string | undefined {
  return isHelpLinkKey(key) ? HELP_BASE_URL + HELP_LINKS[key] : undefined;
}
