import { describe, expect, it } from "vitest";
import { ALL_PERMISSIONS, PERMISSIONS } from "../permissions";
import {
  assignablePermissions,
  canInviteRolesOf,
  FIXED_ROLE_LIST,
  FIXED_ROLES,
  mayGrantRole,
} from "../roles";
import {
  displayRoleName,
  permissionCatalogue,
  PERMISSION_CATEGORIES,
  roleCreateBodySchema,
  roleListQuerySchema,
} from "./roles";

const fixed = (name: keyof typeof FIXED_ROLES) => ({ ...FIXED_ROLES[name], isDefault: true });

describe("mayGrantRole", () => {
  it("FM-ENTITY-033 FM-ENTITY-034 lets fixed roles grant exactly their invite lists", () => {
    for (const granter of FIXED_ROLE_LIST) {
      const granted = FIXED_ROLE_LIST.filter((role) =>
        mayGrantRole(granter, { ...role, isDefault: true }),
      ).map((role) => role.name);
      expect(granted.sort(), granter.name).toEqual([...granter.canInviteRoles].sort());
    }
  });

  it("FM-ENTITY-038 D12 gives a custom role the admin invite list, cut to its own permissions", () => {
    const custom = {
      name: "regional_manager",
      permissions: [...FIXED_ROLES.end_user.permissions, ...FIXED_ROLES.read_only.permissions],
    };
    expect(mayGrantRole(custom, fixed("end_user"))).toBe(true);
    expect(mayGrantRole(custom, fixed("read_only"))).toBe(true);
    expect(mayGrantRole(custom, fixed("admin"))).toBe(false);
    expect(mayGrantRole(custom, fixed("support"))).toBe(false);
    expect(canInviteRolesOf(custom)).toEqual(["end_user", "read_only"]);
  });

  it("grants custom roles within the granter's permissions, and none from roles that invite nobody", () => {
    const clerk = { name: "clerk", isDefault: false, permissions: ["view_devices"] };
    const auditor = { name: "auditor", isDefault: false, permissions: ["view_statistics"] };
    expect(mayGrantRole(FIXED_ROLES.admin, clerk)).toBe(true);
    expect(mayGrantRole(FIXED_ROLES.admin, auditor)).toBe(false);
    expect(mayGrantRole(FIXED_ROLES.super_admin, auditor)).toBe(true);
    expect(mayGrantRole(FIXED_ROLES.end_user, clerk)).toBe(false);
  });
});

describe("assignablePermissions", () => {
  it("offers what the author holds, installation permissions aside", () => {
    const offered = assignablePermissions(FIXED_ROLES.super_admin.permissions);
    expect(offered.some((p) => PERMISSIONS[p].kind === "system")).toBe(false);
    expect(offered).toEqual(ALL_PERMISSIONS.filter((p) => PERMISSIONS[p].kind !== "system"));
    expect(assignablePermissions(["view_tags", "view_mail_logs", "nonsense"])).toEqual([
      "view_tags",
    ]);
  });
});

describe("role entities and forms", () => {
  it("FM-ENTITY-039 cuts role names in lists to 45 characters", () => {
    const long = "n".repeat(60);
    expect(displayRoleName(long)).toHaveLength(45);
    expect(displayRoleName(long).endsWith("…")).toBe(true);
    expect(displayRoleName("n".repeat(45))).toBe("n".repeat(45));
  });

  it("groups the catalogue by category, every permission once", () => {
    const catalogue = permissionCatalogue();
    expect(catalogue.map((p) => p.name).sort()).toEqual([...ALL_PERMISSIONS].sort());
    const order = catalogue.map((p) => Object.keys(PERMISSION_CATEGORIES).indexOf(p.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order).not.toContain(-1);
  });

  it("trims the new role, drops repeated permissions and refuses fixed role names", () => {
    const parsed = roleCreateBodySchema.parse({
      name: " ops ",
      title: " Ops ",
      company_id: 3,
      permissions: ["view_tags", "view_tags"],
    });
    expect(parsed).toEqual({
      name: "ops",
      title: "Ops",
      company_id: 3,
      permissions: ["view_tags"],
    });
    expect(
      roleCreateBodySchema.safeParse({ ...parsed, name: "SUPER_ADMIN" }).error?.issues[0]?.message,
    ).toBe("This name belongs to a fixed role; choose another");
  });

  it("FM-CALL-020 reads limit 100, company_id, type and sort from the query", () => {
    expect(
      roleListQuerySchema.parse({ limit: "100", company_id: "7", type: "custom", sort: "name" }),
    ).toMatchObject({ limit: 100, company_id: 7, type: "custom", sort: "name" });
    expect(roleListQuerySchema.safeParse({ type: "other" }).success).toBe(false);
  });
});
