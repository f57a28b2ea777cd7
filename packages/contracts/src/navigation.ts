import { hasPermission, type PermissionRequirement } from "./permissions";
import {
  FORM_ROUTES,
  ROUTES,
  buildPath,
  routeByName,
  routeRequirements,
  type RouteSpec,
} from "./routes";
import { DEFAULT_LANDING_PAGE } from "./constants";

/**
 * The sidebar (shell §2 "Sidebar groups", decision D2). Each item names a route; the web
 * draws the icons and translates the labels, keyed by group and item `name`.
 */
export interface NavItem {
  /** Stable key, also the translation key of the label. */
  readonly name: string;
  /** English label. */
  readonly label: string;
  /** Shown only to holders; absent: always shown (SH-NAV-002). */
  readonly permission?: PermissionRequirement;
  readonly routeName?: string;
  readonly params?: Readonly<Record<string, string>>;
  /**
   * Where the item leads depends on what the user holds: the first triple whose permission
   * is held wins (D2: "Wi-Fi & Hotspots" opens the first tab the user may view).
   */
  readonly routeNameMap?: readonly {
    readonly permission: PermissionRequirement;
    readonly name: string;
    readonly routeName: string;
  }[];
  /** Other route names or path fragments that mark this item active. */
  readonly highlight?: readonly string[];
  readonly children?: readonly NavItem[];
}

export interface NavGroup {
  readonly name: string;
  readonly label: string;
  /** Icon key; the web maps it to an icon. */
  readonly icon: "management" | "connect" | "vpn" | "administration" | "system";
  readonly children: readonly NavItem[];
}

export const NAVIGATION: readonly NavGroup[] = [
  {
    name: "management",
    label: "Management",
    icon: "management",
    children: [
      {
        name: "devices",
        label: "Devices",
        routeName: "management.devices",
        permission: "view_devices",
        highlight: ["device.info", "/devices/"],
      },
      {
        name: "wifi",
        label: "Wi-Fi & Hotspots",
        routeName: "management.wifi",
        permission: ["view_device_hotspots", "view_wireless_information"],
        routeNameMap: [
          {
            permission: "view_device_hotspots",
            name: "Hotspots",
            routeName: "management.hotspots",
          },
          { permission: "view_wireless_information", name: "Wi-Fi", routeName: "management.wifi" },
        ],
        highlight: ["management.hotspots", "/management/hotspots", "/management/wifi"],
      },
      {
        name: "task-manager",
        label: "Task manager",
        routeName: "task-manager",
        permission: "view_device_task_groups",
      },
      {
        name: "reports",
        label: "Reports",
        routeName: "reports.single",
        permission: "view_reports",
        highlight: ["/reports", "/report/"],
      },
      {
        name: "automations",
        label: "Alerts & Automations",
        routeName: "management.automations",
        permission: "view_device_alert_configurations",
        highlight: ["/management/automations"],
      },
      {
        name: "monitoring-templates",
        label: "Monitoring templates",
        routeName: "dynamic.parameters",
        permission: "update_monitoring",
        highlight: ["/monitoring-templates"],
      },
    ],
  },
  {
    name: "connect",
    label: "Connect",
    icon: "connect",
    children: [
      {
        name: "remote-access",
        label: "Remote access",
        routeName: "remote.access",
        permission: "view_device_remote_access",
        highlight: ["/remote/access"],
      },
      {
        name: "access-history",
        label: "Access history",
        routeName: "service.connect-history",
        permission: "view_device_remote_access",
      },
    ],
  },
  {
    name: "vpn",
    label: "VPN",
    icon: "vpn",
    children: [
      {
        name: "vpn-hubs",
        label: "VPN hubs",
        routeName: "vpn.hubs",
        permission: "view_vpn_hubs",
        highlight: ["/vpn/hubs"],
      },
      {
        name: "vpn-quick-connect",
        label: "VPN quick connect",
        routeName: "vpn.quick-connect",
        permission: "view_vpn_hubs",
        highlight: ["/vpn/quick-connect"],
      },
    ],
  },
  {
    name: "administration",
    label: "Administration",
    icon: "administration",
    children: [
      {
        name: "companies",
        label: "Companies",
        routeName: "users.companies",
        permission: "view_companies",
        highlight: ["/companies"],
      },
      {
        name: "users",
        label: "Users",
        children: [
          { name: "users", label: "Users", routeName: "users.table", permission: "view_users" },
          {
            name: "invitations",
            label: "Invitations",
            routeName: "users.invitations",
            permission: "view_user_invitations",
          },
          {
            name: "roles",
            label: "Roles & Permissions",
            routeName: "users.roles",
            permission: "view_roles",
          },
          {
            name: "move-logs",
            label: "Move logs",
            routeName: "users.move-logs",
            permission: "view_user_move_logs",
          },
          {
            name: "impersonation-logs",
            label: "Impersonation logs",
            routeName: "users.impersonation-logs",
            permission: "view_impersonation_logs",
          },
        ],
      },
      {
        name: "tags",
        label: "Tags",
        routeName: "tags.main",
        permission: "view_tags",
        highlight: ["/tag/"],
      },
      {
        name: "files",
        label: "Files",
        children: [
          { name: "files", label: "Files", routeName: "files.main", permission: "view_files" },
          { name: "images", label: "Images", routeName: "files.images", permission: "view_images" },
        ],
      },
      {
        name: "resources",
        label: "Resources",
        children: [
          {
            name: "resources",
            label: "Resources",
            routeName: "services.credit-history",
            permission: "view_credits",
          },
          {
            name: "codes",
            label: "Codes",
            routeName: "services.credit-codes",
            permission: "view_credit_transfer_codes",
          },
          {
            name: "data-purchases",
            label: "Data purchases",
            routeName: "services.data-history",
            permission: "view_company_data_history",
          },
        ],
      },
    ],
  },
  {
    name: "system",
    label: "System",
    icon: "system",
    children: [
      {
        name: "statistics",
        label: "Statistics",
        routeName: "statistics.general",
        permission: "view_statistics",
        highlight: ["/statistics"],
      },
      {
        name: "global-firmware",
        label: "Global firmware",
        routeName: "files.global",
        permission: "upload_files_global_scope",
      },
      {
        name: "global-notices",
        label: "Global notices",
        routeName: "notices.global",
        permission: "admin_view_notice",
      },
      {
        name: "approved-devices",
        label: "Approved devices",
        routeName: "auth.devices",
        permission: "super_admin",
      },
      {
        name: "mail-logs",
        label: "Mail logs",
        routeName: "mail.logs",
        permission: "view_mail_logs",
      },
      {
        name: "move-device-resources",
        label: "Move device resources",
        routeName: "form",
        params: { name: "move-device-resources" },
        permission: "move_devices_credits",
      },
    ],
  },
];

/** What decides which navigation and pages a user sees. */
export interface Viewer {
  readonly permissions: ReadonlySet<string> | readonly string[];
  /** The theme's `disabled_routes`. */
  readonly disabledRoutes: readonly string[];
}

function isDisabled(routeName: string | undefined, viewer: Viewer): boolean {
  if (!routeName) return false;
  const route = routeByName(routeName);
  return (
    viewer.disabledRoutes.includes(routeName) ||
    (!!route && viewer.disabledRoutes.includes(route.name))
  );
}

/** Whether the user may open a route: its chain of permissions, the form's own, not disabled. */
export function canOpenRoute(
  route: RouteSpec,
  viewer: Viewer,
  params: Readonly<Record<string, string | undefined>> = {},
): boolean {
  if (isDisabled(route.name, viewer)) return false;
  if (!routeRequirements(route).every((req) => hasPermission(viewer.permissions, req)))
    return false;
  if (route.name === "form") {
    const form = params.name ? FORM_ROUTES[params.name] : undefined;
    return !!form && hasPermission(viewer.permissions, form.permission);
  }
  return true;
}

/** Where an item leads for this user, or null when it is hidden. */
export function navTarget(item: NavItem, viewer: Viewer): string | null {
  if (item.permission && !hasPermission(viewer.permissions, item.permission)) return null;
  const candidates = item.routeNameMap
    ? item.routeNameMap
        .filter((entry) => hasPermission(viewer.permissions, entry.permission))
        .map((entry) => entry.routeName)
    : item.routeName
      ? [item.routeName]
      : [];
  for (const name of candidates) {
    const route = routeByName(name);
    if (!route || route.path === null) continue;
    if (isDisabled(item.routeName, viewer) || !canOpenRoute(route, viewer, item.params)) continue;
    return buildPath(route, item.params);
  }
  return null;
}

/** A navigation item as one user sees it: hidden ones removed, targets resolved. */
export interface VisibleNavItem {
  readonly item: NavItem;
  readonly to: string | null;
  readonly children: readonly VisibleNavItem[];
}

export interface VisibleNavGroup {
  readonly group: NavGroup;
  readonly items: readonly VisibleNavItem[];
}

function visibleItem(item: NavItem, viewer: Viewer): VisibleNavItem | null {
  if (item.children) {
    if (item.permission && !hasPermission(viewer.permissions, item.permission)) return null;
    const children = item.children
      .map((child) => visibleItem(child, viewer))
      .filter((c): c is VisibleNavItem => c !== null);
    return children.length ? { item, to: null, children } : null;
  }
  // An item with neither permission nor route is a plain entry, always shown (SH-NAV-002).
  if (!item.routeName && !item.routeNameMap)
    return item.permission ? null : { item, to: null, children: [] };
  const to = navTarget(item, viewer);
  return to ? { item, to, children: [] } : null;
}

/** The sidebar for one user: groups with nothing visible are left out. */
export function visibleNavigation(
  viewer: Viewer,
  groups: readonly NavGroup[] = NAVIGATION,
): VisibleNavGroup[] {
  return groups
    .map((group) => ({
      group,
      items: group.children
        .map((item) => visibleItem(item, viewer))
        .filter((i): i is VisibleNavItem => i !== null),
    }))
    .filter((g) => g.items.length > 0);
}

/** Whether the current route marks an item active (SH-NAV-006). */
export function isNavItemActive(
  item: NavItem,
  current: { routeName: string | null; pathname: string },
): boolean {
  const names = [item.routeName, ...(item.routeNameMap ?? []).map((e) => e.routeName)].filter(
    (n): n is string => !!n,
  );
  if (current.routeName) {
    const route = routeByName(current.routeName);
    const currentNames = new Set([
      current.routeName,
      ...(route ? [route.name, ...(route.aliases ?? [])] : []),
    ]);
    if (item.routeName === "form") {
      // Form items are one route with many forms: compare the form name too.
      const formName = item.params?.name;
      if (formName && current.pathname.startsWith(`/forms/${formName}`)) return true;
    } else if (names.some((n) => currentNames.has(n))) {
      return true;
    }
  }
  return (item.highlight ?? []).some((h) =>
    h.includes("/") ? current.pathname.startsWith(h) : h === current.routeName,
  );
}

/**
 * The first page a user may open (decision D7): the default landing page when permitted,
 * else the first sidebar entry top to bottom, else any other page the user may open that
 * is not for everyone. Null when the user may view nothing at all (guard rule 6).
 */
export function firstPermittedPage(viewer: Viewer): string | null {
  const landing = routeByName("management.devices");
  if (landing && canOpenRoute(landing, viewer)) return DEFAULT_LANDING_PAGE;
  for (const group of visibleNavigation(viewer)) {
    for (const item of group.items) {
      const to = item.to ?? item.children.find((c) => c.to)?.to;
      if (to) return to;
    }
  }
  const other = ROUTES.find(
    (r) =>
      r.path !== null &&
      !r.path.includes(":") &&
      !r.standalone &&
      r.permission &&
      canOpenRoute(r, viewer),
  );
  return other?.path ?? null;
}

/** Whether the user holds any view permission at all (guard rule 6). */
export function holdsAnyViewPermission(
  permissions: ReadonlySet<string> | readonly string[],
): boolean {
  return [...permissions].some((p) => /(^|_)view_/.test(p) || p === "super_admin");
}
