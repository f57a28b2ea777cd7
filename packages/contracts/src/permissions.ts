/**
 * Every permission the console knows. A role is a set of these names; every API route and
 * every navigation item declares the one(s) it needs.
 *
 * `kind` separates what read-only roles may hold (`view`) from what changes data (`manage`)
 * and from what only the operator of the installation holds (`system`).
 */
export const PERMISSIONS = {
  // Devices and what runs on them
  view_devices: { kind: "view", group: "devices" },
  create_devices: { kind: "manage", group: "devices" },
  update_devices: { kind: "manage", group: "devices" },
  delete_devices: { kind: "manage", group: "devices" },
  view_device_hotspots: { kind: "view", group: "devices" },
  view_wireless_information: { kind: "view", group: "devices" },
  view_device_dashboard: { kind: "view", group: "devices" },
  view_device_logs: { kind: "view", group: "devices" },
  update_device_credit_status: { kind: "manage", group: "devices" },
  create_multi_configuration: { kind: "manage", group: "devices" },
  view_device_task_groups: { kind: "view", group: "tasks" },
  create_device_task_groups: { kind: "manage", group: "tasks" },
  view_device_alert_configurations: { kind: "view", group: "alerts" },
  create_device_alert_configurations: { kind: "manage", group: "alerts" },
  update_device_alert_configurations: { kind: "manage", group: "alerts" },
  update_monitoring: { kind: "manage", group: "monitoring" },
  view_reports: { kind: "view", group: "reports" },
  create_reports: { kind: "manage", group: "reports" },
  view_device_remote_access: { kind: "view", group: "remote" },
  create_device_remote_access: { kind: "manage", group: "remote" },
  view_vpn_hubs: { kind: "view", group: "vpn" },
  create_vpn_hubs: { kind: "manage", group: "vpn" },
  // Administration
  view_companies: { kind: "view", group: "companies" },
  create_companies: { kind: "manage", group: "companies" },
  update_companies: { kind: "manage", group: "companies" },
  delete_companies: { kind: "manage", group: "companies" },
  view_users: { kind: "view", group: "users" },
  update_users: { kind: "manage", group: "users" },
  delete_users: { kind: "manage", group: "users" },
  view_user_invitations: { kind: "view", group: "users" },
  create_user_invitations: { kind: "manage", group: "users" },
  view_roles: { kind: "view", group: "users" },
  create_roles: { kind: "manage", group: "users" },
  view_permissions: { kind: "view", group: "users" },
  view_user_move_logs: { kind: "view", group: "users" },
  view_impersonation_logs: { kind: "view", group: "users" },
  impersonate_users: { kind: "manage", group: "users" },
  view_tags: { kind: "view", group: "tags" },
  create_tags: { kind: "manage", group: "tags" },
  update_tags: { kind: "manage", group: "tags" },
  delete_tags: { kind: "manage", group: "tags" },
  view_files: { kind: "view", group: "files" },
  view_images: { kind: "view", group: "files" },
  upload_files: { kind: "manage", group: "files" },
  view_credits: { kind: "view", group: "credits" },
  view_credits_summary: { kind: "view", group: "credits" },
  view_credit_transfer_codes: { kind: "view", group: "credits" },
  activate_credit_transfer_codes: { kind: "manage", group: "credits" },
  view_company_data_history: { kind: "view", group: "credits" },
  // The installation itself
  view_statistics: { kind: "system", group: "system" },
  upload_files_global_scope: { kind: "system", group: "system" },
  admin_view_notice: { kind: "system", group: "system" },
  view_mail_logs: { kind: "system", group: "system" },
  move_devices_credits: { kind: "system", group: "system" },
  super_admin: { kind: "system", group: "system" },
} as const satisfies Record<string, { kind: PermissionKind; group: string }>;

/** What a permission allows: seeing, changing, or running the installation. */
export type PermissionKind = "view" | "manage" | "system";

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSIONS, name);
}

/**
 * What a route or a UI element requires: one name, or a list that is any-of unless `all`
 * is set. `null` means "any signed-in user".
 */
export type PermissionRequirement =
  Permission | readonly Permission[] | { readonly all: readonly Permission[] } | null;

/** The one permission check that server and web share. */
export function hasPermission(
  held: ReadonlySet<string> | readonly string[],
  required: PermissionRequirement,
): boolean {
  if (required === null) return true;
  const set: ReadonlySet<string> = "has" in held ? held : new Set(held);
  if (typeof required === "string") return set.has(required);
  if ("all" in required) return required.all.every((p) => set.has(p));
  return required.some((p) => set.has(p));
}
