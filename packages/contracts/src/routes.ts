import type { Permission, PermissionRequirement } from "./permissions";

/**
 * The console's route table (shell §2 "Route table", decisions D2, D3, D9, D11, D23).
 * The web router, the route guard, breadcrumbs, tabs, the help panel and page search are
 * all built from this one list; the server reads it for its own links.
 *
 * Paths use the router's syntax (`:id`, `:id?`). A route with `path: null` is a group that
 * only carries a title, a permission and tabs. A route's own permission applies together
 * with every ancestor's (`parent`), so a tab never shows more than its page allows.
 */
export interface RouteSpec {
  readonly name: string;
  readonly path: string | null;
  /** English title; the console shows its translation. */
  readonly title: string;
  /** Needed besides the ancestors' permissions; `null`/absent: any signed-in user. */
  readonly permission?: PermissionRequirement;
  /** Renders without the header and navigation. */
  readonly standalone?: true;
  /** Open to anyone, signed in or not (guard rule 2). */
  readonly noAuth?: true;
  /** Opens without a session when it carries a one-time `key` query (guard rule 3, D8). */
  readonly keyAccess?: true;
  /** Whether the page area animates between pages of this route; default true. */
  readonly transition?: boolean;
  /** The route this one belongs to: its breadcrumb parent and, for tabs, its tab host. */
  readonly parent?: string;
  /** Route names shown as this route's tab bar, in order (may include itself). */
  readonly tabs?: readonly string[];
  /** Opening this path goes to the named route, or with `"first-tab"` to the first tab the user may view. */
  readonly redirect?: string;
  /** Other names that resolve to this route (help links, highlighting; D3, D23). */
  readonly aliases?: readonly string[];
  /** Accepts an optional `selection` query (a list of device ids). */
  readonly selectionQuery?: true;
}

const ROUTE_LIST = [
  // Management
  {
    name: "management.devices",
    path: "/management/devices",
    title: "Devices",
    permission: "view_devices",
  },
  {
    name: "hotspot.wifi",
    path: null,
    title: "Wi-Fi & Hotspots",
    permission: "view_devices",
    tabs: ["management.hotspots", "management.wifi"],
  },
  {
    name: "management.hotspots",
    path: "/management/hotspots",
    title: "Hotspots",
    permission: "view_device_hotspots",
    parent: "hotspot.wifi",
  },
  {
    name: "management.wifi",
    path: "/management/wifi",
    title: "Wi-Fi",
    permission: "view_wireless_information",
    parent: "hotspot.wifi",
  },
  {
    name: "task-manager",
    path: "/task-manager",
    title: "Task manager",
    permission: "view_device_task_groups",
  },
  {
    name: "reports",
    path: "/reports",
    title: "Reports",
    permission: "view_reports",
    redirect: "reports.single",
    tabs: [
      "reports.single",
      "reports.periodic.day",
      "reports.periodic.week",
      "reports.periodic.month",
    ],
  },
  { name: "reports.single", path: "/reports/single", title: "Single reports", parent: "reports" },
  {
    name: "reports.periodic.day",
    path: "/reports/periodic/day",
    title: "Daily reports",
    parent: "reports",
  },
  {
    name: "reports.periodic.week",
    path: "/reports/periodic/week",
    title: "Weekly reports",
    parent: "reports",
  },
  {
    name: "reports.periodic.month",
    path: "/reports/periodic/month",
    title: "Monthly reports",
    parent: "reports",
  },
  {
    name: "report.generated",
    path: "/report/generated/:id",
    title: "Generated report",
    permission: "view_reports",
    parent: "reports",
  },
  {
    name: "management.automations",
    path: "/management/automations",
    title: "Alerts & Automations",
    permission: "view_device_alert_configurations",
  },
  {
    name: "automations.info",
    path: "/management/automations/:id",
    title: "Automation",
    parent: "management.automations",
    redirect: "automations.info.devices",
    tabs: ["automations.info.devices", "automations.info.logs"],
  },
  {
    name: "automations.info.devices",
    path: "/management/automations/:id/devices",
    title: "Devices",
    parent: "automations.info",
  },
  {
    name: "automations.info.logs",
    path: "/management/automations/:id/logs",
    title: "Logs",
    parent: "automations.info",
  },
  {
    name: "dynamic.parameters",
    path: "/monitoring-templates",
    title: "Monitoring templates",
    permission: "update_monitoring",
  },
  {
    name: "monitoring-templates.create",
    path: "/monitoring-templates/create",
    title: "New monitoring template",
    parent: "dynamic.parameters",
  },
  {
    name: "monitoring-templates.edit",
    path: "/monitoring-templates/edit/:id",
    title: "Edit monitoring template",
    parent: "dynamic.parameters",
  },

  // Connect
  {
    name: "remote.access",
    path: "/remote/access",
    title: "Remote access",
    permission: "view_device_remote_access",
  },
  {
    name: "remote.info",
    path: "/remote/access/:id",
    title: "Remote access entry",
    parent: "remote.access",
  },
  {
    name: "service.connect-history",
    path: "/access-history",
    title: "Access history",
    permission: "view_device_remote_access",
  },

  // VPN
  { name: "vpn.hubs", path: "/vpn/hubs", title: "VPN hubs", permission: "view_vpn_hubs" },
  {
    name: "vpn-hub",
    path: "/vpn/hubs/:id",
    title: "VPN hub",
    parent: "vpn.hubs",
    redirect: "vpn-hub.general",
    tabs: [
      "vpn-hub.general",
      "vpn-hub.clients",
      "vpn-hub.routes",
      "vpn-hub.data-usage",
      "vpn-hub.configuration",
    ],
  },
  { name: "vpn-hub.general", path: "/vpn/hubs/:id/general", title: "General", parent: "vpn-hub" },
  { name: "vpn-hub.clients", path: "/vpn/hubs/:id/clients", title: "Clients", parent: "vpn-hub" },
  { name: "vpn-hub.routes", path: "/vpn/hubs/:id/routes", title: "Routes", parent: "vpn-hub" },
  {
    name: "vpn-hub.data-usage",
    path: "/vpn/hubs/:id/data-usage",
    title: "Data usage",
    parent: "vpn-hub",
  },
  {
    name: "vpn-hub.configuration",
    path: "/vpn/hubs/:id/configuration",
    title: "Configuration",
    parent: "vpn-hub",
  },
  {
    name: "vpn.quick-connect",
    path: "/vpn/quick-connect",
    title: "VPN quick connect",
    permission: "view_vpn_hubs",
  },
  {
    name: "vpn-connect",
    path: "/vpn/quick-connect/:id",
    title: "Quick connect hub",
    parent: "vpn.quick-connect",
    redirect: "vpn-connect.general",
    tabs: [
      "vpn-connect.general",
      "vpn-connect.clients",
      "vpn-connect.data-usage",
      "vpn-connect.connection-logs",
    ],
  },
  {
    name: "vpn-connect.general",
    path: "/vpn/quick-connect/:id/general",
    title: "General",
    parent: "vpn-connect",
  },
  {
    name: "vpn-connect.clients",
    path: "/vpn/quick-connect/:id/clients",
    title: "Clients",
    parent: "vpn-connect",
  },
  {
    name: "vpn-connect.data-usage",
    path: "/vpn/quick-connect/:id/data-usage",
    title: "Data usage",
    parent: "vpn-connect",
  },
  {
    name: "vpn-connect.connection-logs",
    path: "/vpn/quick-connect/:id/connection-logs",
    title: "Connection logs",
    parent: "vpn-connect",
  },

  // Administration: companies
  { name: "users.companies", path: "/companies", title: "Companies", permission: "view_companies" },
  {
    name: "company.tree",
    path: "/companies/tree",
    title: "Company tree",
    parent: "users.companies",
  },
  {
    name: "company.info",
    path: "/companies/:company_id",
    title: "Company",
    parent: "users.companies",
    redirect: "company.devices",
    tabs: [
      "company.devices",
      "company.data-history",
      "company.metrics",
      "company.users",
      "company.tags",
      "company.files",
      "company.reports",
      "company.resources",
    ],
  },
  {
    name: "company.devices",
    path: "/companies/:company_id/devices",
    title: "Devices",
    permission: "view_devices",
    parent: "company.info",
  },
  {
    name: "company.data-history",
    path: "/companies/:company_id/data-history",
    title: "Data history",
    permission: "view_company_data_history",
    parent: "company.info",
  },
  {
    name: "company.metrics",
    path: "/companies/:company_id/metrics",
    title: "Metrics",
    parent: "company.info",
  },
  {
    name: "company.users",
    path: "/companies/:company_id/users",
    title: "Users",
    permission: "view_users",
    parent: "company.info",
    redirect: "company.userstable",
    tabs: ["company.userstable", "company.invitations"],
  },
  {
    name: "company.userstable",
    path: "/companies/:company_id/users/table",
    title: "Users table",
    parent: "company.users",
  },
  {
    name: "company.invitations",
    path: "/companies/:company_id/users/invitations",
    title: "Invitations",
    permission: "view_user_invitations",
    parent: "company.users",
  },
  {
    name: "company.tags",
    path: "/companies/:company_id/tags",
    title: "Tags",
    parent: "company.info",
  },
  {
    name: "company.files",
    path: "/companies/:company_id/files",
    title: "Files",
    parent: "company.info",
  },
  {
    name: "company.reports",
    path: "/companies/:company_id/reports",
    title: "Reports",
    parent: "company.info",
    redirect: "company.reports.single",
    tabs: [
      "company.reports.single",
      "company.reports.periodic.day",
      "company.reports.periodic.week",
      "company.reports.periodic.month",
    ],
  },
  {
    name: "company.reports.single",
    path: "/companies/:company_id/reports/single",
    title: "Single reports",
    parent: "company.reports",
  },
  {
    name: "company.reports.periodic.day",
    path: "/companies/:company_id/reports/periodic/day",
    title: "Daily reports",
    parent: "company.reports",
  },
  {
    name: "company.reports.periodic.week",
    path: "/companies/:company_id/reports/periodic/week",
    title: "Weekly reports",
    parent: "company.reports",
  },
  {
    name: "company.reports.periodic.month",
    path: "/companies/:company_id/reports/periodic/month",
    title: "Monthly reports",
    parent: "company.reports",
  },
  {
    name: "company.resources",
    path: "/companies/:company_id/resources",
    title: "Resources",
    parent: "company.info",
    redirect: "company.resources.codes",
    tabs: [
      "company.resources.codes",
      "company.resources.credit-pools",
      "company.resources.data-history",
    ],
  },
  {
    name: "company.resources.codes",
    path: "/companies/:company_id/resources/codes",
    title: "Codes",
    parent: "company.resources",
  },
  {
    name: "company.resources.credit-pools",
    path: "/companies/:company_id/resources/credit-pools",
    title: "Credit pools",
    parent: "company.resources",
  },
  {
    name: "company.resources.data-history",
    path: "/companies/:company_id/resources/data-history",
    title: "Data history",
    parent: "company.resources",
  },

  // Administration: users
  { name: "users.table", path: "/users", title: "Users", permission: "view_users" },
  {
    name: "users.invitations",
    path: "/users/invitations",
    title: "Invitations",
    permission: "view_user_invitations",
  },
  {
    name: "users.roles",
    path: "/users/roles",
    title: "Roles & Permissions",
    permission: "view_roles",
  },
  {
    name: "users.move-logs",
    path: "/users/move-logs",
    title: "Move logs",
    permission: "view_user_move_logs",
  },
  {
    name: "users.impersonation-logs",
    path: "/users/impersonation-logs",
    title: "Impersonation logs",
    permission: "view_impersonation_logs",
  },
  {
    name: "users.confirm-impersonation-access",
    path: "/users/confirm-impersonation-access/:token",
    title: "Confirm impersonation access",
  },

  // Administration: tags, files, resources
  { name: "tags.main", path: "/tags", title: "Tags", permission: "view_tags" },
  {
    name: "management.tag_chart",
    path: "/tag/:id",
    title: "Tag",
    permission: "view_tags",
    parent: "tags.main",
  },
  {
    name: "files.main",
    path: "/management/files",
    title: "Files",
    permission: "view_files",
    tabs: ["files.main", "files.images"],
    aliases: ["management.files"],
  },
  {
    name: "files.images",
    path: "/management/files/images",
    title: "Images",
    permission: "view_images",
    parent: "files.main",
  },
  {
    name: "files.global",
    path: "/files/global/firmware",
    title: "Global firmware",
    permission: "upload_files_global_scope",
  },
  {
    name: "administration.resources",
    path: "/resources",
    title: "Resources",
    permission: ["view_credits", "view_credit_transfer_codes", "view_company_data_history"],
    redirect: "first-tab",
    tabs: ["services.credit-codes", "services.credit-history", "services.data-history"],
  },
  {
    name: "services.credit-codes",
    path: "/resources/codes",
    title: "Codes",
    permission: "view_credit_transfer_codes",
    parent: "administration.resources",
  },
  {
    name: "services.credit-history",
    path: "/resources/credits",
    title: "Credits",
    permission: "view_credits",
    parent: "administration.resources",
    aliases: ["services.pools"],
  },
  {
    name: "services.data-history",
    path: "/resources/data-history",
    title: "Data purchases",
    permission: "view_company_data_history",
    parent: "administration.resources",
    aliases: ["services.data-overview", "services.connect"],
  },
  {
    name: "service.add-credits",
    path: "/redeem-code",
    title: "Activate code",
    permission: "activate_credit_transfer_codes",
  },

  // System
  {
    name: "statistics",
    path: "/statistics",
    title: "Statistics",
    permission: "view_statistics",
    redirect: "statistics.general",
    tabs: [
      "statistics.general",
      "statistics.connection-manager",
      "statistics.months-stats",
      "statistics.online-devices",
      "statistics.action-logs",
      "statistics.unique-devices",
    ],
  },
  {
    name: "statistics.general",
    path: "/statistics/general",
    title: "General",
    parent: "statistics",
  },
  {
    name: "statistics.connection-manager",
    path: "/statistics/connection-manager",
    title: "Connection manager",
    permission: "view_device_logs",
    parent: "statistics",
  },
  {
    name: "statistics.months-stats",
    path: "/statistics/months-stats",
    title: "Monthly statistics",
    parent: "statistics",
  },
  {
    name: "statistics.online-devices",
    path: "/statistics/online-devices",
    title: "Online devices",
    parent: "statistics",
  },
  {
    name: "statistics.action-logs",
    path: "/statistics/action-logs",
    title: "Action logs",
    parent: "statistics",
  },
  {
    name: "statistics.unique-devices",
    path: "/statistics/unique-devices",
    title: "Unique devices",
    parent: "statistics",
  },
  {
    name: "notices.global",
    path: "/notices",
    title: "Global notices",
    permission: "admin_view_notice",
  },
  {
    name: "auth.devices",
    path: "/auth-devices",
    title: "Approved devices",
    permission: "super_admin",
  },
  {
    name: "mail.logs",
    path: "/system/mail-logs",
    title: "Mail logs",
    permission: "view_mail_logs",
  },
  { name: "email-smtp", path: "/email-smtp", title: "E-mail server", permission: "super_admin" },

  // Devices
  {
    name: "device.info",
    path: "/devices/:id",
    title: "Device",
    permission: "view_devices",
    parent: "management.devices",
    redirect: "device.activity",
    tabs: [
      "device.activity",
      "device.location",
      "device.dashboards",
      "device.data-usage",
      "device.ports",
      "device.services",
      "device.access",
      "device.network",
      "device.monitoring-parameters-history",
      "device.metrics",
      "device.esim",
    ],
  },
  {
    name: "device.activity",
    path: "/devices/:id/activity",
    title: "Activity",
    parent: "device.info",
  },
  {
    name: "device.location",
    path: "/devices/:id/location",
    title: "Location",
    parent: "device.info",
  },
  {
    name: "device.dashboards",
    path: "/devices/:id/dashboards",
    title: "Dashboards",
    permission: "view_device_dashboard",
    parent: "device.info",
  },
  {
    name: "device.dashboard",
    path: "/devices/:id/dashboards/:dashboard_id",
    title: "Dashboard",
    parent: "device.dashboards",
  },
  {
    name: "device.data-usage",
    path: "/devices/:id/data-usage",
    title: "Data usage",
    parent: "device.info",
  },
  {
    name: "device.ports",
    path: "/devices/:id/ports",
    title: "Ports",
    permission: "view_device_remote_access",
    parent: "device.info",
  },
  {
    name: "device.services",
    path: "/devices/:id/services",
    title: "Services",
    permission: "update_device_credit_status",
    parent: "device.info",
  },
  { name: "device.access", path: "/devices/:id/access", title: "Access", parent: "device.info" },
  {
    name: "device.network",
    path: "/devices/:id/network",
    title: "Network",
    permission: "create_multi_configuration",
    parent: "device.info",
  },
  {
    name: "device.monitoring-parameters-history",
    path: "/devices/:id/monitoring-parameters-history",
    title: "Monitoring history",
    parent: "device.info",
  },
  {
    name: "device.metrics",
    path: "/devices/:id/metrics",
    title: "Metrics",
    parent: "device.info",
    redirect: "device.metrics.dynamic",
    tabs: [
      "device.metrics.dynamic",
      "device.metrics.mobile-data",
      "device.metrics.io",
      "device.metrics.gps",
    ],
  },
  {
    name: "device.metrics.dynamic",
    path: "/devices/:id/metrics/dynamic",
    title: "Dynamic",
    parent: "device.metrics",
  },
  {
    name: "device.metrics.mobile-data",
    path: "/devices/:id/metrics/mobile-data",
    title: "Mobile data",
    parent: "device.metrics",
  },
  {
    name: "device.metrics.io",
    path: "/devices/:id/metrics/io",
    title: "I/O",
    parent: "device.metrics",
  },
  {
    name: "device.metrics.gps",
    path: "/devices/:id/metrics/gps",
    title: "GPS",
    parent: "device.metrics",
  },
  {
    name: "device.esim",
    path: "/devices/:id/esim",
    title: "eSIM",
    permission: "create_multi_configuration",
    parent: "device.info",
  },
  {
    name: "device.mobile-dashboard",
    path: "/device/:id/dashboard/:dashboard_id",
    title: "Dashboard",
    permission: "view_device_dashboard",
    standalone: true,
  },

  // Bulk device work
  {
    name: "multiconfig",
    path: "/device-configuration",
    title: "Device configuration",
    permission: "create_multi_configuration",
    selectionQuery: true,
  },
  {
    name: "management.update-firmware",
    path: "/management/update-firmware",
    title: "Update firmware",
    permission: "update_devices",
    selectionQuery: true,
  },
  {
    name: "management.upload-backup",
    path: "/management/upload-backup",
    title: "Upload backup",
    permission: "update_devices",
    selectionQuery: true,
  },

  // Generic form page; each form's own permission is in FORM_ROUTES.
  { name: "form", path: "/forms/:name/:id?", title: "Form" },

  // Everyone signed in
  { name: "notifications.main", path: "/notifications", title: "Notifications" },
  { name: "changelog", path: "/changelog", title: "Changelog" },
  { name: "account.settings", path: "/account/settings", title: "Account settings" },

  // Stand-alone screens
  { name: "logout", path: "/logout", title: "Log out", standalone: true },
  { name: "not-found", path: "/404", title: "Page not found", standalone: true, noAuth: true },
  { name: "offline", path: "/offline", title: "You are offline", standalone: true, noAuth: true },
  {
    name: "connect.desktop",
    path: "/rms-connect/desktop",
    title: "Remote desktop",
    permission: "view_device_remote_access",
    standalone: true,
    keyAccess: true,
  },
  {
    name: "connect.ssh",
    path: "/rms-connect/ssh",
    title: "SSH",
    permission: "view_device_remote_access",
    standalone: true,
    keyAccess: true,
  },
  {
    name: "connect.telnet",
    path: "/rms-connect/telnet",
    title: "Telnet",
    permission: "view_device_remote_access",
    standalone: true,
    keyAccess: true,
  },
  {
    name: "connect.sftp",
    path: "/rms-connect/sftp",
    title: "File transfer",
    permission: "view_device_remote_access",
    standalone: true,
    keyAccess: true,
  },
] as const satisfies readonly RouteSpec[];

export type RouteName = (typeof ROUTE_LIST)[number]["name"];

export const ROUTES: readonly RouteSpec[] = ROUTE_LIST;

const BY_NAME = new Map<string, RouteSpec>();
for (const route of ROUTES) {
  BY_NAME.set(route.name, route);
  for (const alias of route.aliases ?? []) BY_NAME.set(alias, route);
}

/** A route by its name or one of its aliases. */
export function routeByName(name: string): RouteSpec | undefined {
  return BY_NAME.get(name);
}

/** Labels some route names carry instead of their title (shell §2 Sidebar groups). */
export const SPECIAL_ROUTE_LABELS: Readonly<Record<string, string>> = {
  "services.pools": "resource history logs",
  "services.connect": "data history logs",
};

/** The route and its ancestors, the route first. */
export function routeChain(route: RouteSpec): RouteSpec[] {
  const chain: RouteSpec[] = [];
  for (let r: RouteSpec | undefined = route; r; r = r.parent ? routeByName(r.parent) : undefined) {
    if (chain.includes(r)) throw new Error(`Route ${r.name} is its own ancestor`);
    chain.push(r);
  }
  return chain;
}

/**
 * Everything a user needs to open a route: its own permission and each ancestor's, all
 * of them. Form pages add the form's own permission (see `formPermission`).
 */
export function routeRequirements(route: RouteSpec): NonNullable<PermissionRequirement>[] {
  return routeChain(route)
    .map((r) => r.permission ?? null)
    .filter((p): p is NonNullable<PermissionRequirement> => p !== null);
}

/** The named forms of `/forms/{name}/{id?}` and what each needs (shell §2 "Form routes"). */
export const FORM_ROUTES: Readonly<Record<string, { permission: Permission; takesId: boolean }>> = {
  "new-role": { permission: "create_roles", takesId: false },
  "add-device": { permission: "create_devices", takesId: false },
  "new-task-group": { permission: "create_device_task_groups", takesId: false },
  "edit-task-group": { permission: "create_device_task_groups", takesId: true },
  "new-automation": { permission: "create_device_alert_configurations", takesId: false },
  "edit-automation": { permission: "update_device_alert_configurations", takesId: true },
  "move-device-resources": { permission: "move_devices_credits", takesId: false },
  "new-tag": { permission: "create_tags", takesId: false },
};

/** Fills a route's path parameters; optional ones left out are dropped. */
export function buildPath(
  route: RouteSpec,
  params: Readonly<Record<string, string | number>> = {},
): string {
  if (route.path === null) throw new Error(`Route ${route.name} has no path of its own`);
  return route.path
    .split("/")
    .flatMap((segment) => {
      if (!segment.startsWith(":")) return [segment];
      const optional = segment.endsWith("?");
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === "") {
        if (optional) return [];
        throw new Error(`Route ${route.name} needs the parameter ${key}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join("/");
}

/** Path parameters whose change gives the page area a fresh transition (shell §2 Layout). */
export const TRANSITION_PARAMS = ["id", "company_id", "name"] as const;
