import { describe, expect, it } from "vitest";
import {
  NAVIGATION,
  firstPermittedPage,
  holdsAnyViewPermission,
  isNavItemActive,
  navTarget,
  visibleNavigation,
  type NavGroup,
  type NavItem,
  type Viewer,
} from "./navigation";
import { FIXED_ROLES } from "./roles";
import { SPECIAL_ROUTE_LABELS } from "./routes";

function item(groupName: string, ...path: string[]): NavItem {
  const group = NAVIGATION.find((g) => g.name === groupName);
  let items = group?.children ?? [];
  let found: NavItem | undefined;
  for (const name of path) {
    found = items.find((i) => i.name === name);
    items = found?.children ?? [];
  }
  if (!found) throw new Error(`no item ${groupName}/${path.join("/")}`);
  return found;
}

const viewer = (permissions: string[], disabledRoutes: string[] = []): Viewer => ({
  permissions,
  disabledRoutes,
});

function visibleNames(v: Viewer): string[] {
  return visibleNavigation(v).flatMap((g) =>
    g.items.flatMap((i) => [
      `${g.group.name}.${i.item.name}`,
      ...i.children.map((c) => `${g.group.name}.${i.item.name}.${c.item.name}`),
    ]),
  );
}

describe("sidebar", () => {
  it("SH-NAV-001 has the groups Management, Connect, VPN, Administration and System", () => {
    expect(NAVIGATION.map((g) => g.label)).toEqual([
      "Management",
      "Connect",
      "VPN",
      "Administration",
      "System",
    ]);
  });

  it("SH-NAV-002 an item with no permission is always shown", () => {
    const groups: NavGroup[] = [
      {
        name: "extra",
        label: "Extra",
        icon: "system",
        children: [{ name: "changelog", label: "Changelog", routeName: "changelog" }],
      },
    ];
    expect(visibleNavigation(viewer([]), groups)[0]?.items[0]?.to).toBe("/changelog");
  });

  it("SH-NAV-003 an item with a permission shows only to its holders", () => {
    expect(visibleNames(viewer(["view_tags"]))).toContain("administration.tags");
    expect(visibleNames(viewer(["view_devices"]))).not.toContain("administration.tags");
  });

  it("SH-NAV-004 SH-NAV-005 items whose route the theme disables are hidden, e.g. remote.access", () => {
    const all = viewer(["view_device_remote_access"]);
    expect(visibleNames(all)).toContain("connect.remote-access");
    const themed = viewer(["view_device_remote_access"], ["remote.access"]);
    expect(visibleNames(themed)).not.toContain("connect.remote-access");
    expect(visibleNames(themed)).toContain("connect.access-history");
  });

  it("SH-NAV-006 a child is active on one of its route names or path fragments", () => {
    const devices = item("management", "devices");
    expect(isNavItemActive(devices, { routeName: "management.devices", pathname: "/x" })).toBe(
      true,
    );
    expect(
      isNavItemActive(devices, { routeName: "device.activity", pathname: "/devices/4/activity" }),
    ).toBe(true);
    expect(isNavItemActive(devices, { routeName: "tags.main", pathname: "/tags" })).toBe(false);
    const files = item("administration", "files", "files");
    expect(isNavItemActive(files, { routeName: "management.files", pathname: "/" })).toBe(true);
    const move = item("system", "move-device-resources");
    expect(
      isNavItemActive(move, { routeName: "form", pathname: "/forms/move-device-resources" }),
    ).toBe(true);
    expect(isNavItemActive(move, { routeName: "form", pathname: "/forms/new-tag" })).toBe(false);
  });

  it("SH-NAV-007 SH-NAV-008 groups have name, icon, label and children; items name, permission, routeName, routeNameMap, children", () => {
    for (const group of NAVIGATION) {
      expect(group).toMatchObject({
        name: expect.any(String),
        icon: expect.any(String),
        label: expect.any(String),
      });
      expect(group.children.length).toBeGreaterThan(0);
    }
    const wifi = item("management", "wifi");
    expect(wifi.routeNameMap).toEqual([
      { permission: "view_device_hotspots", name: "Hotspots", routeName: "management.hotspots" },
      { permission: "view_wireless_information", name: "Wi-Fi", routeName: "management.wifi" },
    ]);
    expect(item("system", "move-device-resources").params).toEqual({
      name: "move-device-resources",
    });
    expect(item("administration", "users").children?.length).toBe(5);
  });

  it("SH-NAV-009 SH-NAV-010 services.pools and services.connect carry special labels", () => {
    expect(SPECIAL_ROUTE_LABELS["services.pools"]).toBe("resource history logs");
    expect(SPECIAL_ROUTE_LABELS["services.connect"]).toBe("data history logs");
  });

  it.each([
    ["SH-NAV-011", ["management", "devices"], "Devices", "management.devices", "view_devices"],
    [
      "SH-NAV-013",
      ["management", "task-manager"],
      "Task manager",
      "task-manager",
      "view_device_task_groups",
    ],
    ["SH-NAV-014", ["management", "reports"], "Reports", "reports.single", "view_reports"],
    [
      "SH-NAV-015",
      ["management", "automations"],
      "Alerts & Automations",
      "management.automations",
      "view_device_alert_configurations",
    ],
    [
      "SH-NAV-016",
      ["management", "monitoring-templates"],
      "Monitoring templates",
      "dynamic.parameters",
      "update_monitoring",
    ],
    [
      "SH-NAV-017",
      ["connect", "remote-access"],
      "Remote access",
      "remote.access",
      "view_device_remote_access",
    ],
    [
      "SH-NAV-018",
      ["connect", "access-history"],
      "Access history",
      "service.connect-history",
      "view_device_remote_access",
    ],
    ["SH-NAV-019", ["vpn", "vpn-hubs"], "VPN hubs", "vpn.hubs", "view_vpn_hubs"],
    [
      "SH-NAV-020",
      ["vpn", "vpn-quick-connect"],
      "VPN quick connect",
      "vpn.quick-connect",
      "view_vpn_hubs",
    ],
    [
      "SH-NAV-021",
      ["administration", "companies"],
      "Companies",
      "users.companies",
      "view_companies",
    ],
    ["SH-NAV-022", ["administration", "users", "users"], "Users", "users.table", "view_users"],
    [
      "SH-NAV-023",
      ["administration", "users", "invitations"],
      "Invitations",
      "users.invitations",
      "view_user_invitations",
    ],
    [
      "SH-NAV-024",
      ["administration", "users", "roles"],
      "Roles & Permissions",
      "users.roles",
      "view_roles",
    ],
    [
      "SH-NAV-025",
      ["administration", "users", "move-logs"],
      "Move logs",
      "users.move-logs",
      "view_user_move_logs",
    ],
    [
      "SH-NAV-026",
      ["administration", "users", "impersonation-logs"],
      "Impersonation logs",
      "users.impersonation-logs",
      "view_impersonation_logs",
    ],
    ["SH-NAV-027", ["administration", "tags"], "Tags", "tags.main", "view_tags"],
    ["SH-NAV-028", ["administration", "files", "files"], "Files", "files.main", "view_files"],
    [
      "SH-NAV-030",
      ["administration", "resources", "resources"],
      "Resources",
      "services.credit-history",
      "view_credits",
    ],
    [
      "SH-NAV-031",
      ["administration", "resources", "codes"],
      "Codes",
      "services.credit-codes",
      "view_credit_transfer_codes",
    ],
    [
      "SH-NAV-032",
      ["administration", "resources", "data-purchases"],
      "Data purchases",
      "services.data-history",
      "view_company_data_history",
    ],
    ["SH-NAV-033", ["system", "statistics"], "Statistics", "statistics.general", "view_statistics"],
    [
      "SH-NAV-034",
      ["system", "global-firmware"],
      "Global firmware",
      "files.global",
      "upload_files_global_scope",
    ],
    [
      "SH-NAV-035",
      ["system", "global-notices"],
      "Global notices",
      "notices.global",
      "admin_view_notice",
    ],
    [
      "SH-NAV-036",
      ["system", "approved-devices"],
      "Approved devices",
      "auth.devices",
      "super_admin",
    ],
    ["SH-NAV-037", ["system", "mail-logs"], "Mail logs", "mail.logs", "view_mail_logs"],
  ])("%s %s is %s, route %s, permission %s", (_id, path, label, routeName, permission) => {
    const [groupName, ...rest] = path as [string, ...string[]];
    const entry = item(groupName, ...rest);
    expect(entry).toMatchObject({ label, routeName, permission });
    expect(navTarget(entry, viewer([permission]))).not.toBeNull();
    expect(navTarget(entry, viewer([]))).toBeNull();
  });

  it("SH-NAV-012 D2 Wi-Fi & Hotspots shows with either permission and opens the first tab the user may view", () => {
    const wifi = item("management", "wifi");
    expect(wifi).toMatchObject({ label: "Wi-Fi & Hotspots", routeName: "management.wifi" });
    expect(navTarget(wifi, viewer(["view_devices", "view_device_hotspots"]))).toBe(
      "/management/hotspots",
    );
    expect(navTarget(wifi, viewer(["view_devices", "view_wireless_information"]))).toBe(
      "/management/wifi",
    );
    expect(navTarget(wifi, viewer(["view_devices"]))).toBeNull();
  });

  it("SH-NAV-029 Files > Images needs view_images", () => {
    const images = item("administration", "files", "images");
    expect(images).toMatchObject({
      label: "Images",
      routeName: "files.images",
      permission: "view_images",
    });
    expect(navTarget(images, viewer(["view_files", "view_images"]))).toBe(
      "/management/files/images",
    );
    expect(navTarget(images, viewer(["view_files"]))).toBeNull();
  });

  it("SH-NAV-038 Move device resources opens the move-device-resources form with move_devices_credits", () => {
    const move = item("system", "move-device-resources");
    expect(move).toMatchObject({
      label: "Move device resources",
      routeName: "form",
      permission: "move_devices_credits",
    });
    expect(navTarget(move, viewer(["move_devices_credits"]))).toBe("/forms/move-device-resources");
    expect(navTarget(move, viewer(["view_devices"]))).toBeNull();
  });

  it("shows read-only users fewer items than administrators", () => {
    const admin = visibleNames(viewer([...FIXED_ROLES.admin.permissions]));
    const guest = visibleNames(viewer([...FIXED_ROLES.read_only.permissions]));
    expect(guest.length).toBeLessThan(admin.length);
    expect(guest.every((name) => admin.includes(name))).toBe(true);
    expect(visibleNames(viewer([...FIXED_ROLES.super_admin.permissions]))).toContain(
      "system.approved-devices",
    );
    expect(admin).not.toContain("system.approved-devices");
  });
});

describe("first permitted page", () => {
  it("SH-GUARD-011 D7 is /management/devices when permitted", () => {
    expect(firstPermittedPage(viewer(["view_devices", "view_tags"]))).toBe("/management/devices");
  });

  it("D7 is otherwise the first sidebar entry the user may view", () => {
    expect(firstPermittedPage(viewer(["view_tags", "view_users"]))).toBe("/users");
    expect(firstPermittedPage(viewer(["view_mail_logs"]))).toBe("/system/mail-logs");
  });

  it("D7 skips routes the theme disables", () => {
    expect(firstPermittedPage(viewer(["view_devices", "view_tags"], ["management.devices"]))).toBe(
      "/tags",
    );
  });

  it("is null when the user may open nothing but pages for everyone", () => {
    expect(firstPermittedPage(viewer([]))).toBeNull();
  });

  it("counts view permissions for guard rule 6", () => {
    expect(holdsAnyViewPermission(["activate_credit_transfer_codes"])).toBe(false);
    expect(holdsAnyViewPermission(["admin_view_notice"])).toBe(true);
    expect(holdsAnyViewPermission(["view_tags"])).toBe(true);
  });
});
