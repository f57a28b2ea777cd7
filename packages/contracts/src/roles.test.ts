import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "./permissions";
import { FIXED_ROLES, fixedRoleById, inviteListFor } from "./roles";

describe("fixed roles", () => {
  it("FM-ENTITY-033 super_admin is id 1, System Administrator, inviting admin, end_user, readonly_admin, read_only and support", () => {
    expect(FIXED_ROLES.super_admin).toMatchObject({ id: 1, title: "System Administrator" });
    expect(FIXED_ROLES.super_admin.canInviteRoles).toEqual([
      "admin",
      "end_user",
      "readonly_admin",
      "read_only",
      "support",
    ]);
  });

  it("FM-ENTITY-034 admin is id 2, Administrator, inviting admin, end_user, readonly_admin and read_only", () => {
    expect(FIXED_ROLES.admin).toMatchObject({ id: 2, title: "Administrator" });
    expect(FIXED_ROLES.admin.canInviteRoles).toEqual([
      "admin",
      "end_user",
      "readonly_admin",
      "read_only",
    ]);
  });

  it("FM-ENTITY-035 FM-ENTITY-036 FM-ENTITY-037 end_user, readonly_admin and read_only keep their ids and titles", () => {
    expect(fixedRoleById(3)).toMatchObject({ name: "end_user", title: "End Client" });
    expect(fixedRoleById(6)).toMatchObject({ name: "readonly_admin", title: "Advanced Guest" });
    expect(fixedRoleById(4)).toMatchObject({ name: "read_only", title: "Guest" });
    expect(fixedRoleById(5)).toMatchObject({ name: "support", title: "Support" });
  });

  it("FM-ENTITY-038 unknown roles use the admin invite list", () => {
    expect(inviteListFor("regional_manager")).toEqual(FIXED_ROLES.admin.canInviteRoles);
    expect(inviteListFor("super_admin")).toEqual(FIXED_ROLES.super_admin.canInviteRoles);
  });

  it("gives read-only roles view permissions only", () => {
    for (const role of [FIXED_ROLES.read_only, FIXED_ROLES.readonly_admin]) {
      expect(
        role.permissions.filter((p) => PERMISSIONS[p].kind !== "view"),
        role.name,
      ).toEqual([]);
    }
  });

  it("D12 support sees every company with view permissions, plus impersonation", () => {
    const support = FIXED_ROLES.support;
    expect(support.globalScope).toBe(true);
    expect(support.permissions.filter((p) => PERMISSIONS[p].kind !== "view")).toEqual([
      "impersonate_users",
    ]);
  });

  it("keeps installation-wide permissions to the super administrator", () => {
    const system = Object.entries(PERMISSIONS)
      .filter(([, p]) => p.kind === "system")
      .map(([name]) => name);
    for (const role of Object.values(FIXED_ROLES)) {
      if (role.name === "super_admin") continue;
      expect(
        role.permissions.filter((p) => system.includes(p)),
        role.name,
      ).toEqual([]);
    }
  });

  it("D12 a role that may invite holds every permission of the roles it invites", () => {
    for (const role of Object.values(FIXED_ROLES)) {
      for (const invited of role.canInviteRoles) {
        const missing = FIXED_ROLES[invited].permissions.filter(
          (p) => !role.permissions.includes(p),
        );
        // super_admin is above everyone; support is invited for its global scope, not its permissions.
        if (role.name !== "super_admin") expect(missing, `${role.name} -> ${invited}`).toEqual([]);
      }
    }
  });
});
