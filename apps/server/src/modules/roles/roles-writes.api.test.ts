import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import type { RoleDetail } from "@netfleet/contracts/schemas/roles";
import { invitations, users } from "../../db/schema";
import { signedInAgent, signedInAs, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";
import { rolesRepo } from "./roles.repo";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let north: TestCompany;
let northShop: TestCompany;
let south: TestCompany;
let northAdmin: TestAgent;

type RoleBody = { data: RoleDetail; message?: string };
type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };
const errorsOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().errors;

let seq = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  name: `role_${++seq}`,
  title: `Role ${seq}`,
  description: "Made in a test",
  company_id: north.id,
  permissions: ["view_devices", "view_tags"],
  ...overrides,
});

async function agentAs(role: FixedRoleName, company: TestCompany) {
  return (await signedInAgent(t, { company, role })).agent;
}

function customRole(company: TestCompany, permissions: string[], name = `seeded_${++seq}`) {
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
  return { user, agent: await signedInAs(t, user) };
}

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Role Writes Root" });
  north = await f.company({ name: "Role Writes North", parent: root });
  northShop = await f.company({ name: "Role Writes Shop", parent: north });
  south = await f.company({ name: "Role Writes South", parent: root });
  northAdmin = await agentAs("admin", north);
});
afterAll(() => t.close());

describe("POST /api/roles", () => {
  it("creates a custom role in the caller's company or a subsidiary, answered in full", async () => {
    const res = await northAdmin.post(
      "/api/roles",
      body({ name: "  field_tech ", title: "Field tech" }),
    );
    expect(res.statusCode).toBe(200);
    expectMatchesReference("POST", "/api/roles", 200, res.json());
    expect(res.json<RoleBody>()).toEqual({
      success: true,
      message: "Role created successfully",
      data: expect.objectContaining({
        name: "field_tech",
        title: "Field tech",
        description: "Made in a test",
        company_id: north.id,
        company_name: "Role Writes North",
        permissions_count: 2,
        permissions: ["view_devices", "view_tags"],
        isDefault: false,
        canInviteRoles: [],
        users_count: 0,
      }),
    });
    const below = await northAdmin.post("/api/roles", body({ company_id: northShop.id }));
    expect(below.statusCode).toBe(200);
    expect(below.json<RoleBody>().data.company_name).toBe("Role Writes Shop");
  });

  it("never grants more than its creator holds, naming the permissions beyond them", async () => {
    const res = await northAdmin.post(
      "/api/roles",
      body({ permissions: ["view_devices", "view_mail_logs", "super_admin"] }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      {
        code: "VALIDATION_FAILED",
        source: "permissions",
        message: "You cannot grant permissions you do not hold: view_mail_logs, super_admin",
      },
    ]);
    const superAdmin = await agentAs("super_admin", root);
    const system = await superAdmin.post("/api/roles", body({ permissions: ["view_mail_logs"] }));
    expect(system.statusCode).toBe(422);
    expect(errorsOf(system)[0]?.message).toBe(
      "Only the fixed System Administrator role holds installation permissions: view_mail_logs",
    );
  });

  it("checks name, title, company and permissions, naming each field", async () => {
    const empty = await northAdmin.post("/api/roles", {});
    expect(empty.statusCode).toBe(422);
    expect(
      errorsOf(empty)
        .map((e) => e.source)
        .sort(),
    ).toEqual(["company_id", "name", "permissions", "title"]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "a/b" }, "name", "Name cannot contain"],
      [{ name: "x".repeat(101) }, "name", "at most 100"],
      [{ name: "Admin" }, "name", "fixed role"],
      [{ title: "  " }, "title", "Title is required"],
      [{ permissions: [] }, "permissions", "at least one"],
      [{ permissions: ["fly_planes"] }, "permissions.0", "Unknown permission"],
    ];
    for (const [fields, source, message] of cases) {
      const res = await northAdmin.post("/api/roles", body(fields));
      expect(res.statusCode, source).toBe(422);
      expect(errorsOf(res)[0], JSON.stringify(fields)).toMatchObject({ source });
      expect(errorsOf(res)[0]?.message).toContain(message);
    }
  });

  it("keeps names unique per company, and lets another company use the same one", async () => {
    expect((await northAdmin.post("/api/roles", body({ name: "twin" }))).statusCode).toBe(200);
    const again = await northAdmin.post("/api/roles", body({ name: "twin" }));
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)).toEqual([
      {
        code: "CONFLICT",
        source: "name",
        message: "A role with this name already exists in this company.",
      },
    ]);
    const shop = await northAdmin.post(
      "/api/roles",
      body({ name: "twin", company_id: northShop.id }),
    );
    expect(shop.statusCode).toBe(200);
  });

  it("answers 404 for a company outside the caller's tree, 403 without create_roles", async () => {
    const outside = await northAdmin.post("/api/roles", body({ company_id: south.id }));
    expect(outside.statusCode).toBe(404);
    expect(errorsOf(outside)[0]).toMatchObject({ code: "NOT_FOUND", source: "company_id" });
    const fromShop = await (await agentAs("admin", northShop)).post("/api/roles", body());
    expect(fromShop.statusCode).toBe(404);
    for (const role of ["end_user", "read_only", "readonly_admin", "support"] as const) {
      const res = await (await agentAs(role, north)).post("/api/roles", body());
      expect(res.statusCode, role).toBe(403);
    }
    expect((await new TestAgent(t.app).post("/api/roles", body())).statusCode).toBe(401);
    const superAdmin = await agentAs("super_admin", northShop);
    expect((await superAdmin.post("/api/roles", body({ company_id: south.id }))).statusCode).toBe(
      200,
    );
  });
});

describe("PUT /api/roles/:id", () => {
  it("changes the fields sent and replaces the permission set", async () => {
    const id = await customRole(north, ["view_devices"]);
    const res = await northAdmin.put(`/api/roles/${id}`, {
      title: "Renamed",
      permissions: ["view_tags", "create_tags"],
    });
    expect(res.statusCode).toBe(200);
    expectMatchesReference("PUT", `/api/roles/${id}`, 200, res.json());
    expect(res.json<RoleBody>()).toMatchObject({
      message: "Role updated successfully",
      data: {
        id,
        title: "Renamed",
        permissions: ["create_tags", "view_tags"],
        permissions_count: 2,
      },
    });
    const same = await northAdmin.put(`/api/roles/${id}`, {
      company_id: north.id,
      description: "New",
    });
    expect(same.json<RoleBody>().data).toMatchObject({ title: "Renamed", description: "New" });
  });

  it("refuses fixed roles, other branches, a move, extra permissions and guests", async () => {
    const id = await customRole(north, ["view_devices"]);
    const fixed = await northAdmin.put("/api/roles/2", { title: "Boss" });
    expect(fixed.statusCode).toBe(422);
    expect(errorsOf(fixed)[0]?.message).toBe("Fixed roles cannot be changed or deleted.");
    const other = await customRole(south, ["view_devices"]);
    expect((await northAdmin.put(`/api/roles/${other}`, { title: "Mine" })).statusCode).toBe(404);
    const moved = await northAdmin.put(`/api/roles/${id}`, { company_id: northShop.id });
    expect(errorsOf(moved)[0]).toMatchObject({ code: "VALIDATION_FAILED", source: "company_id" });
    const more = await northAdmin.put(`/api/roles/${id}`, { permissions: ["view_statistics"] });
    expect(more.statusCode).toBe(422);
    expect(errorsOf(more)[0]?.source).toBe("permissions");
    // A role granting what its editor lacks stays out of the editor's hands.
    const stronger = await customRole(north, ["view_statistics"]);
    expect((await northAdmin.put(`/api/roles/${stronger}`, { title: "Mine now" })).statusCode).toBe(
      422,
    );
    const guest = await agentAs("readonly_admin", north);
    expect((await guest.put(`/api/roles/${id}`, { title: "Guest" })).statusCode).toBe(403);
  });

  it("reaches the role's holders on their very next request", async () => {
    const id = await customRole(north, ["view_tags"]);
    const { agent } = await holderOf(id, north);
    expect((await agent.get("/api/tags")).statusCode).toBe(200);
    const refused = await agent.post("/api/tags", { company_id: north.id, name: "Before" });
    expect(refused.statusCode).toBe(403);
    await northAdmin.put(`/api/roles/${id}`, { permissions: ["view_tags", "create_tags"] });
    const allowed = await agent.post("/api/tags", { company_id: north.id, name: "After" });
    expect(allowed.statusCode).toBe(201);
    const me = (await agent.get("/api/user")).json<{ permissions: string[] }>();
    expect(me.permissions).toEqual(["create_tags", "view_tags"]);
    await northAdmin.put(`/api/roles/${id}`, { permissions: ["view_devices"] });
    expect((await agent.get("/api/tags")).statusCode).toBe(403);
  });
});

describe("PUT /api/roles/permissions", () => {
  it("gives several custom roles one permission set, all or none", async () => {
    const a = await customRole(north, ["view_devices"]);
    const b = await customRole(northShop, ["view_devices"]);
    const res = await northAdmin.put("/api/roles/permissions", {
      role_id: [a, b],
      permissions: ["view_tags"],
    });
    expect(res.statusCode).toBe(200);
    expectMatchesReference("PUT", "/api/roles/permissions", 200, res.json());
    for (const id of [a, b]) {
      const role = (await northAdmin.get(`/api/roles/${id}`)).json<RoleBody>().data;
      expect(role.permissions).toEqual(["view_tags"]);
    }
    const withFixed = await northAdmin.put("/api/roles/permissions", {
      role_id: [a, 3],
      permissions: ["view_devices"],
    });
    expect(withFixed.statusCode).toBe(422);
    expect(errorsOf(withFixed)[0]?.source).toBe("role_id");
    const other = await customRole(south, ["view_devices"]);
    const outside = await northAdmin.put("/api/roles/permissions", {
      role_id: [a, other],
      permissions: ["view_devices"],
    });
    expect(outside.statusCode).toBe(404);
    expect((await northAdmin.get(`/api/roles/${a}`)).json<RoleBody>().data.permissions).toEqual([
      "view_tags",
    ]);
  });
});

describe("DELETE /api/roles/:id", () => {
  it("is refused while users hold the role or an open invitation offers it", async () => {
    const id = await customRole(north, ["view_devices"]);
    const { user } = await holderOf(id, northShop);
    const held = await northAdmin.delete(`/api/roles/${id}`);
    expect(held.statusCode).toBe(422);
    expect(errorsOf(held)[0]?.message).toBe(
      "This role is held by 1 user. Give that user another role first.",
    );
    await t.database.db
      .update(users)
      .set({ roleId: FIXED_ROLES.read_only.id })
      .where(eq(users.id, user.id));
    await t.database.db.insert(invitations).values({
      email: "invitee@example.com",
      companyId: north.id,
      roleId: id,
      tokenHash: `hash-${id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const offered = await northAdmin.delete(`/api/roles/${id}`);
    expect(offered.statusCode).toBe(422);
    expect(errorsOf(offered)[0]?.message).toBe(
      "Open invitations offer this role. Revoke them first.",
    );
    await t.database.db
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(eq(invitations.roleId, id));
    const res = await northAdmin.delete(`/api/roles/${id}`);
    expect(res.statusCode).toBe(200);
    expectMatchesReference("DELETE", `/api/roles/${id}`, 200, res.json());
    expect(res.json()).toEqual({ success: true, message: "Role deleted successfully" });
    expect((await northAdmin.get(`/api/roles/${id}`)).statusCode).toBe(404);
  });

  it("keeps fixed roles, another branch's roles and guests out", async () => {
    expect((await northAdmin.delete("/api/roles/3")).statusCode).toBe(422);
    const other = await customRole(south, ["view_devices"]);
    expect((await northAdmin.delete(`/api/roles/${other}`)).statusCode).toBe(404);
    const own = await customRole(north, ["view_devices"]);
    const guest = await agentAs("end_user", north);
    expect((await guest.delete(`/api/roles/${own}`)).statusCode).toBe(403);
  });
});
