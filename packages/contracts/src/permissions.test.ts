import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, hasPermission, isPermission } from "./permissions";

describe("hasPermission", () => {
  const held = new Set(["view_devices", "view_tags"]);

  it("SH-GUARD-012 accepts one permission name or a list of names", () => {
    expect(hasPermission(held, "view_devices")).toBe(true);
    expect(hasPermission(held, "view_users")).toBe(false);
    expect(hasPermission(held, ["view_users", "view_tags"])).toBe(true);
    expect(hasPermission(["view_users"], ["view_users"])).toBe(true);
  });

  it("SH-GUARD-013 treats a list as any-of by default", () => {
    expect(hasPermission(held, ["view_users", "view_devices"])).toBe(true);
    expect(hasPermission(held, ["view_users", "view_roles"])).toBe(false);
  });

  it("SH-GUARD-014 can require all of a list", () => {
    expect(hasPermission(held, { all: ["view_devices", "view_tags"] })).toBe(true);
    expect(hasPermission(held, { all: ["view_devices", "view_users"] })).toBe(false);
  });

  it("lets any signed-in user through a null requirement", () => {
    expect(hasPermission(new Set(), null)).toBe(true);
  });
});

describe("the permission list", () => {
  it("holds every permission name the shell spec lists", () => {
    const shell = [
      "view_devices",
      "view_device_hotspots",
      "view_wireless_information",
      "view_device_task_groups",
      "view_reports",
      "view_device_alert_configurations",
      "update_monitoring",
      "view_device_remote_access",
      "view_vpn_hubs",
      "view_companies",
      "view_users",
      "view_user_invitations",
      "view_roles",
      "view_user_move_logs",
      "view_impersonation_logs",
      "view_tags",
      "view_files",
      "view_images",
      "view_credits",
      "view_credit_transfer_codes",
      "view_company_data_history",
      "view_statistics",
      "upload_files_global_scope",
      "admin_view_notice",
      "super_admin",
      "view_mail_logs",
      "move_devices_credits",
      "view_device_logs",
      "view_device_dashboard",
      "update_device_credit_status",
      "create_multi_configuration",
      "activate_credit_transfer_codes",
      "view_permissions",
      "view_credits_summary",
      "create_roles",
      "create_devices",
      "create_device_task_groups",
      "create_device_alert_configurations",
      "update_device_alert_configurations",
      "create_tags",
    ];
    expect(shell.filter((p) => !isPermission(p))).toEqual([]);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });
});
