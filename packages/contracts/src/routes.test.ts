import { describe, expect, it } from "vitest";
import {
  FORM_ROUTES,
  ROUTES,
  buildPath,
  routeByName,
  routeRequirements,
  type RouteSpec,
} from "./routes";
import { canOpenRoute } from "./navigation";
import { hasPermission, isPermission } from "./permissions";

function route(name: string): RouteSpec {
  const found = routeByName(name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
}

/** Who may open a route, as the guard decides it. */
function opens(name: string, permissions: string[], params: Record<string, string> = {}) {
  return canOpenRoute(route(name), { permissions, disabledRoutes: [] }, params);
}

function tabsOf(name: string): string[] {
  return [...(route(name).tabs ?? [])];
}

describe("route table", () => {
  it("has unique names and paths, valid permissions and resolvable parents and tabs", () => {
    const names = ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const paths = ROUTES.flatMap((r) => (r.path ? [r.path] : []));
    expect(new Set(paths).size).toBe(paths.length);
    for (const r of ROUTES) {
      for (const req of routeRequirements(r)) {
        const list = typeof req === "string" ? [req] : "all" in req ? req.all : req;
        for (const p of list) expect(isPermission(p), `${r.name}: ${p}`).toBe(true);
      }
      if (r.parent) expect(routeByName(r.parent), r.name).toBeDefined();
      for (const tab of r.tabs ?? [])
        expect(routeByName(tab), `${r.name} tab ${tab}`).toBeDefined();
      if (r.redirect && r.redirect !== "first-tab") expect(routeByName(r.redirect)).toBeDefined();
    }
  });

  it("SH-ROUTE-001 route meta carries permission, standalone and transition", () => {
    expect(route("management.devices").permission).toBe("view_devices");
    expect(route("logout").standalone).toBe(true);
    expect(route("management.devices").transition).toBeUndefined();
    const withTransition: RouteSpec = { ...route("management.devices"), transition: false };
    expect(withTransition.transition).toBe(false);
  });

  it.each([
    ["SH-ROUTE-002", "/management/devices", "management.devices", "view_devices"],
    ["SH-ROUTE-006", "/tags", "tags.main", "view_tags"],
    ["SH-ROUTE-007", "/tag/:id", "management.tag_chart", "view_tags"],
    ["SH-ROUTE-009", "/vpn/hubs", "vpn.hubs", "view_vpn_hubs"],
    ["SH-ROUTE-011", "/vpn/quick-connect", "vpn.quick-connect", "view_vpn_hubs"],
    ["SH-ROUTE-013", "/companies", "users.companies", "view_companies"],
    ["SH-ROUTE-023", "/users", "users.table", "view_users"],
    ["SH-ROUTE-024", "/users/roles", "users.roles", "view_roles"],
    ["SH-ROUTE-031", "/redeem-code", "service.add-credits", "activate_credit_transfer_codes"],
    ["SH-ROUTE-034", "/system/mail-logs", "mail.logs", "view_mail_logs"],
    ["SH-ROUTE-046", "/notices", "notices.global", "admin_view_notice"],
    ["SH-ROUTE-051", "/auth-devices", "auth.devices", "super_admin"],
  ])("%s %s is %s and needs %s", (_id, path, name, permission) => {
    const r = route(name);
    expect(r.path).toBe(path);
    expect(opens(name, [permission])).toBe(true);
    expect(opens(name, [])).toBe(false);
  });

  it("SH-ROUTE-005 /management/wifi is management.wifi under hotspot.wifi and needs view_wireless_information", () => {
    expect(route("management.wifi").path).toBe("/management/wifi");
    expect(opens("management.wifi", ["view_devices", "view_wireless_information"])).toBe(true);
    expect(opens("management.wifi", ["view_devices", "view_device_hotspots"])).toBe(false);
  });

  it("SH-ROUTE-003 SH-ROUTE-004 D2 /management/hotspots sits under hotspot.wifi (view_devices) and needs view_device_hotspots", () => {
    expect(route("hotspot.wifi").permission).toBe("view_devices");
    expect(route("management.hotspots").path).toBe("/management/hotspots");
    expect(route("management.hotspots").parent).toBe("hotspot.wifi");
    expect(tabsOf("hotspot.wifi")).toEqual(["management.hotspots", "management.wifi"]);
    expect(opens("management.hotspots", ["view_devices", "view_device_hotspots"])).toBe(true);
    expect(opens("management.hotspots", ["view_device_hotspots"])).toBe(false);
    expect(opens("management.hotspots", ["view_devices"])).toBe(false);
  });

  it("SH-ROUTE-008 remote access routes all need view_device_remote_access", () => {
    expect(route("remote.access").path).toBe("/remote/access");
    expect(route("remote.info").path).toBe("/remote/access/:id");
    expect(route("service.connect-history").path).toBe("/access-history");
    for (const name of ["remote.access", "remote.info", "service.connect-history"]) {
      expect(opens(name, ["view_device_remote_access"])).toBe(true);
      expect(opens(name, ["view_devices"])).toBe(false);
    }
  });

  it("SH-ROUTE-010 SH-ROUTE-012 D11 VPN hub and quick-connect item routes and their tabs", () => {
    expect(route("vpn-hub").path).toBe("/vpn/hubs/:id");
    expect(tabsOf("vpn-hub").map((t) => route(t).path)).toEqual(
      ["general", "clients", "routes", "data-usage", "configuration"].map(
        (tab) => `/vpn/hubs/:id/${tab}`,
      ),
    );
    expect(route("vpn-connect").path).toBe("/vpn/quick-connect/:id");
    expect(tabsOf("vpn-connect").map((t) => route(t).path)).toEqual(
      ["general", "clients", "data-usage", "connection-logs"].map(
        (tab) => `/vpn/quick-connect/:id/${tab}`,
      ),
    );
    for (const name of [...tabsOf("vpn-hub"), ...tabsOf("vpn-connect")]) {
      expect(opens(name, ["view_vpn_hubs"])).toBe(true);
      expect(opens(name, [])).toBe(false);
    }
  });

  it("SH-ROUTE-014 /companies/tree is company.tree", () => {
    expect(route("company.tree").path).toBe("/companies/tree");
    expect(opens("company.tree", ["view_companies"])).toBe(true);
  });

  it("SH-ROUTE-016 SH-ROUTE-017 SH-ROUTE-018 company.info tabs and their permissions", () => {
    expect(route("company.info").redirect).toBe("company.devices");
    expect(tabsOf("company.info").map((t) => route(t).path?.split("/").at(-1))).toEqual([
      "devices",
      "data-history",
      "metrics",
      "users",
      "tags",
      "files",
      "reports",
      "resources",
    ]);
    const base = ["view_companies"];
    expect(opens("company.devices", base)).toBe(false);
    expect(opens("company.devices", [...base, "view_devices"])).toBe(true);
    expect(opens("company.data-history", base)).toBe(false);
    expect(opens("company.data-history", [...base, "view_company_data_history"])).toBe(true);
    for (const name of ["company.metrics", "company.tags", "company.files"]) {
      expect(opens(name, base)).toBe(true);
    }
  });

  it("SH-ROUTE-019 SH-ROUTE-020 the company users tab needs view_users; invitations also view_user_invitations", () => {
    const base = ["view_companies", "view_users"];
    expect(tabsOf("company.users")).toEqual(["company.userstable", "company.invitations"]);
    expect(opens("company.userstable", ["view_companies"])).toBe(false);
    expect(opens("company.userstable", base)).toBe(true);
    expect(opens("company.invitations", base)).toBe(false);
    expect(opens("company.invitations", [...base, "view_user_invitations"])).toBe(true);
  });

  it("SH-ROUTE-021 SH-ROUTE-022 company reports and resources sub-tabs", () => {
    expect(tabsOf("company.reports").map((t) => route(t).path)).toEqual([
      "/companies/:company_id/reports/single",
      "/companies/:company_id/reports/periodic/day",
      "/companies/:company_id/reports/periodic/week",
      "/companies/:company_id/reports/periodic/month",
    ]);
    expect(tabsOf("company.resources").map((t) => route(t).path?.split("/").at(-1))).toEqual([
      "codes",
      "credit-pools",
      "data-history",
    ]);
  });

  it("SH-ROUTE-025 D11 invitations, impersonation logs and move logs exist with their permissions", () => {
    expect(route("users.invitations").path).toBe("/users/invitations");
    expect(route("users.impersonation-logs").path).toBe("/users/impersonation-logs");
    expect(route("users.move-logs").path).toBe("/users/move-logs");
    expect(opens("users.invitations", ["view_user_invitations"])).toBe(true);
    expect(opens("users.impersonation-logs", ["view_impersonation_logs"])).toBe(true);
    expect(opens("users.move-logs", ["view_user_move_logs"])).toBe(true);
  });

  it("SH-ROUTE-026 SH-ROUTE-027 D3 files.main with its images sub-tab; global firmware", () => {
    expect(route("files.main").path).toBe("/management/files");
    expect(tabsOf("files.main")).toEqual(["files.main", "files.images"]);
    expect(route("files.images").path).toBe("/management/files/images");
    expect(routeByName("management.files")).toBe(route("files.main"));
    expect(route("files.global").path).toBe("/files/global/firmware");
    expect(opens("files.global", ["upload_files_global_scope"])).toBe(true);
  });

  it("SH-ROUTE-029 every report route needs view_reports", () => {
    expect(route("reports").redirect).toBe("reports.single");
    const paths = [
      "/reports/single",
      "/reports/periodic/day",
      "/reports/periodic/week",
      "/reports/periodic/month",
      "/report/generated/:id",
    ];
    for (const path of paths) {
      const r = ROUTES.find((x) => x.path === path);
      expect(r, path).toBeDefined();
      expect(opens(r!.name, ["view_reports"])).toBe(true);
      expect(opens(r!.name, ["view_devices"])).toBe(false);
    }
  });

  it("SH-ROUTE-030 automations list and the item's devices and logs tabs", () => {
    expect(route("management.automations").path).toBe("/management/automations");
    expect(route("automations.info").path).toBe("/management/automations/:id");
    expect(tabsOf("automations.info").map((t) => route(t).path)).toEqual([
      "/management/automations/:id/devices",
      "/management/automations/:id/logs",
    ]);
  });

  it("SH-ROUTE-032 SH-ROUTE-033 statistics tabs; connection-manager also needs view_device_logs", () => {
    expect(tabsOf("statistics").map((t) => route(t).path?.split("/").at(-1))).toEqual([
      "general",
      "connection-manager",
      "months-stats",
      "online-devices",
      "action-logs",
      "unique-devices",
    ]);
    expect(opens("statistics.general", ["view_statistics"])).toBe(true);
    expect(opens("statistics.connection-manager", ["view_statistics"])).toBe(false);
    expect(opens("statistics.connection-manager", ["view_statistics", "view_device_logs"])).toBe(
      true,
    );
  });

  it("SH-ROUTE-036 SH-ROUTE-037 SH-ROUTE-038 SH-ROUTE-039 SH-ROUTE-040 SH-ROUTE-041 D9 device tabs and their permissions", () => {
    expect(route("device.info").path).toBe("/devices/:id");
    expect(route("device.info").redirect).toBe("device.activity");
    const tabs = tabsOf("device.info").map((t) => route(t).path?.replace("/devices/:id/", ""));
    expect(tabs).toEqual([
      "activity",
      "location",
      "dashboards",
      "data-usage",
      "ports",
      "services",
      "access",
      "network",
      "monitoring-parameters-history",
      "metrics",
      "esim",
    ]);
    const base = ["view_devices"];
    for (const name of [
      "device.activity",
      "device.location",
      "device.data-usage",
      "device.access",
      "device.monitoring-parameters-history",
    ]) {
      expect(opens(name, base), name).toBe(true);
    }
    const gated: [string, string][] = [
      ["device.dashboards", "view_device_dashboard"],
      ["device.dashboard", "view_device_dashboard"],
      ["device.ports", "view_device_remote_access"],
      ["device.services", "update_device_credit_status"],
      ["device.network", "create_multi_configuration"],
      ["device.esim", "create_multi_configuration"],
    ];
    for (const [name, permission] of gated) {
      expect(opens(name, base), name).toBe(false);
      expect(opens(name, [...base, permission]), name).toBe(true);
    }
    expect(route("device.dashboard").path).toBe("/devices/:id/dashboards/:dashboard_id");
    expect(tabsOf("device.metrics").map((t) => route(t).path?.split("/").at(-1))).toEqual([
      "dynamic",
      "mobile-data",
      "io",
      "gps",
    ]);
  });

  it("SH-ROUTE-042 D23 /resources has codes, credits and data-history", () => {
    expect(tabsOf("administration.resources").map((t) => route(t).path)).toEqual([
      "/resources/codes",
      "/resources/credits",
      "/resources/data-history",
    ]);
    expect(routeByName("services.pools")?.path).toBe("/resources/credits");
    expect(routeByName("services.data-overview")?.path).toBe("/resources/data-history");
    expect(routeByName("services.connect")?.path).toBe("/resources/data-history");
  });

  it("SH-ROUTE-043 /forms/{name}/{id?} is the generic form page named form", () => {
    const form = route("form");
    expect(form.path).toBe("/forms/:name/:id?");
    expect(buildPath(form, { name: "new-tag" })).toBe("/forms/new-tag");
    expect(buildPath(form, { name: "edit-automation", id: 7 })).toBe("/forms/edit-automation/7");
  });

  it("SH-ROUTE-044 bulk device pages accept an optional selection query", () => {
    for (const path of [
      "/device-configuration",
      "/management/update-firmware",
      "/management/upload-backup",
    ]) {
      const r = ROUTES.find((x) => x.path === path);
      expect(r?.selectionQuery, path).toBe(true);
    }
  });

  it("SH-ROUTE-045 SH-ROUTE-055 D11 notifications and changelog are open to any signed-in user", () => {
    expect(route("notifications.main").path).toBe("/notifications");
    expect(route("changelog").path).toBe("/changelog");
    expect(opens("notifications.main", [])).toBe(true);
    expect(opens("changelog", [])).toBe(true);
  });

  it("SH-ROUTE-047 the mobile dashboard is standalone and needs view_device_dashboard", () => {
    const r = route("device.mobile-dashboard");
    expect(r.path).toBe("/device/:id/dashboard/:dashboard_id");
    expect(r.standalone).toBe(true);
    expect(opens(r.name, ["view_device_dashboard"])).toBe(true);
    expect(opens(r.name, ["view_devices"])).toBe(false);
  });

  it("SH-ROUTE-048 SH-ROUTE-049 /logout is standalone; /404 is standalone and needs no sign-in", () => {
    expect(route("logout")).toMatchObject({ path: "/logout", standalone: true });
    expect(route("not-found")).toMatchObject({ path: "/404", standalone: true, noAuth: true });
  });

  it("SH-ROUTE-050 SH-ROUTE-052 SH-ROUTE-054 e-mail server, impersonation confirmation and the connect screens exist", () => {
    expect(route("email-smtp").path).toBe("/email-smtp");
    expect(route("users.confirm-impersonation-access").path).toBe(
      "/users/confirm-impersonation-access/:token",
    );
    for (const kind of ["desktop", "ssh", "sftp", "telnet"]) {
      const r = ROUTES.find((x) => x.path === `/rms-connect/${kind}`);
      expect(r, kind).toMatchObject({ standalone: true, keyAccess: true });
    }
  });

  it("SH-ROUTE-053 monitoring template routes need update_monitoring", () => {
    for (const path of [
      "/monitoring-templates",
      "/monitoring-templates/create",
      "/monitoring-templates/edit/:id",
    ]) {
      const r = ROUTES.find((x) => x.path === path);
      expect(r, path).toBeDefined();
      expect(opens(r!.name, ["update_monitoring"])).toBe(true);
      expect(opens(r!.name, ["view_devices"])).toBe(false);
    }
  });

  it.each([
    ["SH-ROUTE-057", "new-role", "create_roles", false],
    ["SH-ROUTE-058", "add-device", "create_devices", false],
    ["SH-ROUTE-059", "new-task-group", "create_device_task_groups", false],
    ["SH-ROUTE-059", "edit-task-group", "create_device_task_groups", true],
    ["SH-ROUTE-060", "new-automation", "create_device_alert_configurations", false],
    ["SH-ROUTE-061", "edit-automation", "update_device_alert_configurations", true],
    ["SH-ROUTE-062", "move-device-resources", "move_devices_credits", false],
    ["SH-ROUTE-063", "new-tag", "create_tags", false],
  ])("%s the form %s needs %s", (_id, name, permission, takesId) => {
    expect(FORM_ROUTES[name]).toEqual({ permission, takesId });
    expect(opens("form", [permission], { name })).toBe(true);
    expect(opens("form", ["view_devices"], { name })).toBe(false);
    expect(hasPermission([permission], FORM_ROUTES[name]!.permission)).toBe(true);
  });

  it("refuses an unknown form name", () => {
    expect(opens("form", ["super_admin", "create_tags"], { name: "no-such-form" })).toBe(false);
  });

  it("SH-ROUTE-064 named routes resolve by name", () => {
    for (const name of [
      "company.tags",
      "company.userstable",
      "company.invitations",
      "automations.info.devices",
      "users.invitations",
      "users.roles",
      "management.files",
      "multiconfig",
      "administration.resources",
    ]) {
      expect(routeByName(name), name).toBeDefined();
    }
    expect(buildPath(route("company.tags"), { company_id: 4 })).toBe("/companies/4/tags");
  });
});
