import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_ROLES } from "@netfleet/contracts/roles";
import type { Role } from "@netfleet/contracts/schemas/roles";
import { users } from "../../db/schema";
import { signedInAgent, signedInAs, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { rolesRepo } from "./roles.repo";
import { assertGrantableRole } from "./roles.service";

let t: TestApp;
let f: ReturnType<typeof factories>;
let north: TestCompany;
let northShop: TestCompany;
let south: TestCompany;
let northAdmin: TestAgent;

function customRole(company: TestCompany, permissions: string[], name: string) {
  return rolesRepo(t.database.db).createCustom({
    name,
    title: name,
    description: "",
    companyId: company.id,
    permissions,
  });
}

/** A user of `company` holding the custom role `roleId`, signed in. */
async function holderOf(roleId: number, company: TestCompany) {
  const user = await f.user({ company, role: "read_only" });
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, user.id));
  return signedInAs(t, user);
}

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  const root = await f.company({ name: "Role Grants Root" });
  north = await f.company({ name: "Role Grants North", parent: root });
  northShop = await f.company({ name: "Role Grants Shop", parent: north });
  south = await f.company({ name: "Role Grants South", parent: root });
  northAdmin = (await signedInAgent(t, { company: north, role: "admin" })).agent;
});
afterAll(() => t.close());

describe("which roles a user may grant", () => {
  type ListBody = { data: Role[] };
  const grantable = async (agent: TestAgent, company: TestCompany) =>
    (await agent.get(`/api/roles?grantable=true&limit=100&company_id=${company.id}`))
      .json<ListBody>()
      .data.map((role) => role.name)
      .sort();

  it("FM-ENTITY-034 D12 gives an administrator its invite list and the custom roles within its permissions", async () => {
    await customRole(north, ["view_devices"], "grant_small");
    await customRole(northShop, ["view_devices"], "grant_shop");
    await customRole(south, ["view_devices"], "grant_south");
    await customRole(north, ["view_statistics"], "grant_super");
    const names = await grantable(northAdmin, northShop);
    expect(names).toEqual(
      expect.arrayContaining([
        "admin",
        "end_user",
        "grant_shop",
        "grant_small",
        "read_only",
        "readonly_admin",
      ]),
    );
    expect(names).not.toContain("super_admin");
    expect(names).not.toContain("support");
    expect(names).not.toContain("grant_south");
    expect(names).not.toContain("grant_super");
    // A user of the north company cannot hold a role of the shop below it.
    expect(await grantable(northAdmin, north)).not.toContain("grant_shop");
  });

  it("FM-ENTITY-038 lets a custom-role holder grant only roles within its own permissions", async () => {
    const inviter = await customRole(
      north,
      [...FIXED_ROLES.read_only.permissions, "view_roles", "view_users", "create_user_invitations"],
      "grant_inviter",
    );
    const narrow = await customRole(north, ["view_devices"], "grant_narrow");
    const agent = await holderOf(inviter, north);
    const names = await grantable(agent, north);
    expect(names).toContain("read_only");
    expect(names).toContain("grant_narrow");
    for (const name of ["admin", "end_user", "readonly_admin", "super_admin"]) {
      expect(names).not.toContain(name);
    }
    const granter = {
      tenant: { companyPath: north.path, global: false },
      permissions: new Set<string>([...FIXED_ROLES.read_only.permissions, "view_roles"]),
      user: { roleName: "grant_inviter" },
    };
    await expect(assertGrantableRole(t.database.db, granter, narrow, north.id)).resolves.toBe(
      undefined,
    );
    await expect(
      assertGrantableRole(t.database.db, granter, FIXED_ROLES.end_user.id, north.id),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED", source: "role" });
    await expect(
      assertGrantableRole(t.database.db, granter, narrow, south.id),
    ).rejects.toMatchObject({ code: "NOT_FOUND", source: "company_id" });
  });
});
