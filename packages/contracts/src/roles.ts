import { ALL_PERMISSIONS, PERMISSIONS, type Permission } from "./permissions";

/** Names of the roles every installation has. Companies may add their own roles later. */
export type FixedRoleName =
  "super_admin" | "admin" | "end_user" | "read_only" | "support" | "readonly_admin";

export interface FixedRole {
  id: number;
  name: FixedRoleName;
  title: string;
  description: string;
  /**
   * True when the role sees every company of the installation rather than its own
   * company's subtree.
   */
  globalScope: boolean;
  /** Role names this role may invite, in the order the invite form lists them. */
  canInviteRoles: readonly FixedRoleName[];
  permissions: readonly Permission[];
}

const views = ALL_PERMISSIONS.filter((p) => PERMISSIONS[p].kind === "view");
const withoutSystem = ALL_PERMISSIONS.filter((p) => PERMISSIONS[p].kind !== "system");

/** What an end client does with its own devices, without administering anyone. */
const endUserPermissions: readonly Permission[] = [
  "view_devices",
  "update_devices",
  "view_device_hotspots",
  "view_wireless_information",
  "view_device_dashboard",
  "view_device_logs",
  "view_device_task_groups",
  "create_device_task_groups",
  "view_device_alert_configurations",
  "create_device_alert_configurations",
  "update_device_alert_configurations",
  "view_reports",
  "create_reports",
  "view_device_remote_access",
  "create_device_remote_access",
  "view_vpn_hubs",
  "view_tags",
  "create_tags",
  "update_tags",
  "view_files",
  "view_images",
  "upload_files",
  "view_credits_summary",
  "view_permissions",
];

/** A guest looks at devices and what describes them, nothing administrative. */
const readOnlyPermissions: readonly Permission[] = [
  "view_devices",
  "view_device_hotspots",
  "view_wireless_information",
  "view_device_dashboard",
  "view_reports",
  "view_tags",
  "view_permissions",
];

/**
 * The fixed roles with their ids (as the spec numbers them), titles and permission sets.
 * Read-only roles (read_only, readonly_admin) hold view permissions only; `support` sees
 * every company and may impersonate users who granted it access (decision D12).
 */
export const FIXED_ROLES: Readonly<Record<FixedRoleName, FixedRole>> = {
  super_admin: {
    id: 1,
    name: "super_admin",
    title: "System Administrator",
    description: "Runs the installation: every permission in every company.",
    globalScope: true,
    canInviteRoles: ["admin", "end_user", "readonly_admin", "read_only", "support"],
    permissions: ALL_PERMISSIONS,
  },
  admin: {
    id: 2,
    name: "admin",
    title: "Administrator",
    description:
      "Administers a company and its subsidiaries: devices, users, roles, tags, files and resources.",
    globalScope: false,
    canInviteRoles: ["admin", "end_user", "readonly_admin", "read_only"],
    permissions: withoutSystem,
  },
  end_user: {
    id: 3,
    name: "end_user",
    title: "End Client",
    description:
      "Works with the company's devices: monitoring, remote access, tasks, reports and alerts.",
    globalScope: false,
    canInviteRoles: [],
    permissions: endUserPermissions,
  },
  read_only: {
    id: 4,
    name: "read_only",
    title: "Guest",
    description: "Looks at devices, dashboards, reports and tags without changing anything.",
    globalScope: false,
    canInviteRoles: [],
    permissions: readOnlyPermissions,
  },
  support: {
    id: 5,
    name: "support",
    title: "Support",
    description: "Looks at every company and impersonates users who granted access, to help them.",
    globalScope: true,
    canInviteRoles: [],
    permissions: [...views, "impersonate_users"],
  },
  readonly_admin: {
    id: 6,
    name: "readonly_admin",
    title: "Advanced Guest",
    description: "Sees everything an administrator sees, without changing anything.",
    canInviteRoles: [],
    permissions: views,
    globalScope: false,
  },
};

export const FIXED_ROLE_LIST: readonly FixedRole[] = Object.values(FIXED_ROLES).sort(
  (a, b) => a.id - b.id,
);

export function fixedRoleById(id: number): FixedRole | undefined {
  return FIXED_ROLE_LIST.find((r) => r.id === id);
}

/** Roles not in the fixed list invite as an administrator does (spec F§3 Role). */
export function inviteListFor(roleName: string): readonly FixedRoleName[] {
  const fixed = (FIXED_ROLES as Record<string, FixedRole | undefined>)[roleName];
  return fixed ? fixed.canInviteRoles : FIXED_ROLES.admin.canInviteRoles;
}

/** A role as the grant rule sees it: fixed (by name) or a company's own, with its permissions. */
export interface GrantedRole {
  name: string;
  isDefault: boolean;
  permissions: Iterable<string>;
}

/**
 * Whether a holder of `granter` may invite a user with `role` or give it to one (F§3 Role,
 * decision D12): a fixed role only if the granter's invite list names it, a custom role
 * only if that list is not empty (roles outside the fixed list invite as an administrator
 * does), and never a role granting a permission the granter does not hold. Which companies
 * the role and the user belong to is the server's check (modules/roles/roles.service.ts).
 */
export function mayGrantRole(
  granter: { name: string; permissions: Iterable<string> },
  role: GrantedRole,
): boolean {
  const list = inviteListFor(granter.name);
  if (role.isDefault ? !list.includes(role.name as FixedRoleName) : list.length === 0) return false;
  const held = new Set(granter.permissions);
  for (const permission of role.permissions) if (!held.has(permission)) return false;
  return true;
}

/** The fixed roles a holder of `role` may invite, in the invite form's order. */
export function canInviteRolesOf(role: {
  name: string;
  permissions: Iterable<string>;
}): FixedRoleName[] {
  const held = [...role.permissions];
  return inviteListFor(role.name).filter((name) =>
    mayGrantRole({ name: role.name, permissions: held }, { ...FIXED_ROLES[name], isDefault: true }),
  );
}

/**
 * The permissions a custom role may be given by someone holding `held`: what they hold,
 * installation permissions (kind `system`) aside, which stay with the fixed roles.
 */
export function assignablePermissions(held: Iterable<string>): Permission[] {
  const set = new Set(held);
  return ALL_PERMISSIONS.filter((p) => set.has(p) && PERMISSIONS[p].kind !== "system");
}
