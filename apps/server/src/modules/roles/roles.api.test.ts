import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_PERMISSIONS } from "@netfleet/contracts/permissions";
import { FIXED_ROLE_LIST, FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import type { PermissionItem, Role, RoleDetail } from "@netfleet/contracts/schemas/roles";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";
import { rolesRepo } from "./roles.repo";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let north: TestCompany;
let northShop: TestCompany;
let unrelated: TestCompany;
const ids: Record<"north" | "shop" | "south" | "unrelated", number> = {
  north: 0,
  shop: 0,
  south: 0,
  unrelated: 0,
};
let northAdmin: TestAgent;

type ListBody = { data: Role[]; meta: { total: number } };
type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };
const names = (body: ListBody) => body.data.map((role) => role.name);
const FIXED_NAMES = FIXED_ROLE_LIST.map((role) => role.name);

function customRole(company: TestCompany, name: string, permissions: string[]) {
  return rolesRepo(t.database.db).createCustom({
    name,
    title: `${name} title`,
    description: `${name} description`,
    companyId: company.id,
    permissions,
  });
}

async function agentAs(role: FixedRoleName, company: TestCompany) {
  return (await signedInAgent(t, { company, role })).agent;
}

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Roles Root" });
  north = await f.company({ name: "Roles North", parent: root });
  northShop = await f.company({ name: "Roles North Shop", parent: north });
  const south = await f.company({ name: "Roles South", parent: root });
  unrelated = await f.company({ name: "Roles Elsewhere" });
  ids.north = await customRole(north, "north_ops", ["view_devices", "view_tags"]);
  ids.shop = await customRole(northShop, "shop_clerk", ["view_devices"]);
  ids.south = await customRole(south, "south_ops", ["view_devices"]);
  ids.unrelated = await customRole(unrelated, "elsewhere_ops", ["view_devices"]);
  northAdmin = await agentAs("admin", north);
});
afterAll(() => t.close());

describe("GET /api/roles", () => {
  it("FM-ENTITY-031 FM-ENTITY-032 lists the fixed roles and the custom roles of the caller's tree", async () => {
    const res = await northAdmin.get("/api/roles?limit=100");
    expect(res.statusCode).toBe(200);
    expectMatchesReference("GET", "/api/roles", 200, res.json());
    const body = res.json<ListBody>();
    expect(names(body)).toEqual([...FIXED_NAMES, "north_ops", "shop_clerk"]);
    expect(body.meta.total).toBe(FIXED_NAMES.length + 2);
    const admin = body.data.find((role) => role.name === "admin");
    expect(admin).toEqual({
      id: 2,
      name: "admin",
      title: "Administrator",
      description: FIXED_ROLES.admin.description,
      company_id: null,
      company_name: null,
      permissions_count: FIXED_ROLES.admin.permissions.length,
      canInviteRoles: ["admin", "end_user", "readonly_admin", "read_only"],
      isDefault: true,
      // The caller only: holders elsewhere stay unseen.
      users_count: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(body.data.find((role) => role.name === "north_ops")).toMatchObject({
      id: ids.north,
      title: "north_ops title",
      company_id: north.id,
      company_name: "Roles North",
      permissions_count: 2,
      isDefault: false,
      users_count: 0,
    });
  });

  it("shows a parent company every role below it, and an unrelated company none of them", async () => {
    const fromRoot = (
      await (await agentAs("admin", root)).get("/api/roles?type=custom")
    ).json<ListBody>();
    expect(names(fromRoot).sort()).toEqual(["north_ops", "shop_clerk", "south_ops"]);
    const fromShop = (
      await (await agentAs("admin", northShop)).get("/api/roles?type=custom")
    ).json<ListBody>();
    expect(names(fromShop)).toEqual(["shop_clerk"]);
    const fromElsewhere = (
      await (await agentAs("admin", unrelated)).get("/api/roles?type=custom")
    ).json<ListBody>();
    expect(names(fromElsewhere)).toEqual(["elsewhere_ops"]);
    const superAdmin = await agentAs("super_admin", northShop);
    const all = (await superAdmin.get("/api/roles?type=custom")).json<ListBody>();
    expect(names(all).sort()).toEqual(["elsewhere_ops", "north_ops", "shop_clerk", "south_ops"]);
  });

  it("FM-CALL-020 takes limit 100, company_id, type and sort, searches, and pages", async () => {
    const inShop = (
      await northAdmin.get(`/api/roles?limit=100&company_id=${northShop.id}&type=custom`)
    ).json<ListBody>();
    // A user of the shop may hold its roles and those of the companies above it.
    expect(names(inShop)).toEqual(["north_ops", "shop_clerk"]);
    const fixed = (await northAdmin.get("/api/roles?type=default&sort=-id")).json<ListBody>();
    expect(fixed.data.map((role) => role.id)).toEqual([6, 5, 4, 3, 2, 1]);
    const byCount = (
      await northAdmin.get("/api/roles?sort=permissions_count,name&limit=3")
    ).json<ListBody>();
    expect(names(byCount)).toEqual(["shop_clerk", "north_ops", "read_only"]);
    expect(byCount.meta.total).toBe(FIXED_NAMES.length + 2);
    const page = (await northAdmin.get("/api/roles?sort=name&limit=2&offset=2")).json<ListBody>();
    expect(names(page)).toEqual(["north_ops", "read_only"]);
    const found = (await northAdmin.get("/api/roles?q=clerk")).json<ListBody>();
    expect(names(found)).toEqual(["shop_clerk"]);
    const byTitle = (await northAdmin.get("/api/roles?q=Advanced")).json<ListBody>();
    expect(names(byTitle)).toEqual(["readonly_admin"]);
    const badSort = await northAdmin.get("/api/roles?sort=secret");
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json<ErrorBody>().errors[0]?.source).toBe("sort");
  });

  it("answers 404 for a company outside the caller's tree, as for one that does not exist", async () => {
    const outside = await northAdmin.get(`/api/roles?company_id=${unrelated.id}`);
    const missing = await northAdmin.get("/api/roles?company_id=2147483647");
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(missing.json());
    expect(outside.json<ErrorBody>().errors[0]?.source).toBe("company_id");
  });

  it("serves holders of view_roles only", async () => {
    for (const role of ["end_user", "read_only"] as const) {
      const res = await (await agentAs(role, north)).get("/api/roles");
      expect(res.statusCode, role).toBe(403);
    }
    const guest = await agentAs("readonly_admin", north);
    expect((await guest.get("/api/roles")).json<ListBody>().meta.total).toBe(
      FIXED_NAMES.length + 2,
    );
    expect((await new TestAgent(t.app).get("/api/roles")).statusCode).toBe(401);
  });
});

describe("GET /api/roles/:id and its permissions", () => {
  it("shows a role of the tree with its permissions, and 404 for another branch's", async () => {
    const res = await northAdmin.get(`/api/roles/${ids.shop}`);
    expect(res.statusCode).toBe(200);
    expectMatchesReference("GET", `/api/roles/${ids.shop}`, 200, res.json());
    expect(res.json<{ data: RoleDetail }>().data).toMatchObject({
      id: ids.shop,
      name: "shop_clerk",
      company_name: "Roles North Shop",
      permissions: ["view_devices"],
      // A custom role invites as an administrator does, never beyond its own permissions.
      canInviteRoles: [],
    });
    const fixed = (await northAdmin.get("/api/roles/1")).json<{ data: RoleDetail }>().data;
    expect(fixed.permissions).toEqual([...ALL_PERMISSIONS].sort());
    for (const id of [ids.south, ids.unrelated, 2147483647]) {
      const hidden = await northAdmin.get(`/api/roles/${id}`);
      expect(hidden.statusCode, String(id)).toBe(404);
      expect(hidden.json<ErrorBody>().errors[0]?.message).toBe("No such role.");
    }
  });

  it("lists one role's permissions with titles and categories, searchable", async () => {
    const res = await northAdmin.get(`/api/roles/${ids.north}/permissions`);
    expect(res.statusCode).toBe(200);
    expectMatchesReference("GET", `/api/roles/${ids.north}/permissions`, 200, res.json());
    expect(res.json<{ data: PermissionItem[] }>().data).toEqual([
      { name: "view_devices", title: "View devices", category: "devices", kind: "view" },
      { name: "view_tags", title: "View tags", category: "tags", kind: "view" },
    ]);
    const searched = await northAdmin.get(`/api/roles/${ids.north}/permissions?q=TAG`);
    expect(searched.json<{ data: PermissionItem[] }>().data.map((p) => p.name)).toEqual([
      "view_tags",
    ]);
    expect((await northAdmin.get(`/api/roles/${ids.unrelated}/permissions`)).statusCode).toBe(404);
  });
});

describe("GET /api/roles/permissions", () => {
  it("answers the whole catalogue by category to holders of view_permissions or view_roles", async () => {
    const guest = await agentAs("read_only", north);
    const res = await guest.get("/api/roles/permissions");
    expect(res.statusCode).toBe(200);
    const items = res.json<{ data: PermissionItem[]; meta: { total: number } }>().data;
    expect(items.map((p) => p.name).sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(items[0]).toEqual({
      name: "view_devices",
      title: "View devices",
      category: "devices",
      kind: "view",
    });
    // Grouped: each category's permissions come together.
    const categories = items.map((p) => p.category);
    expect(categories.filter((c, i) => c !== categories[i - 1])).toEqual([...new Set(categories)]);
    expect(items.find((p) => p.name === "view_mail_logs")?.kind).toBe("system");
    expect((await new TestAgent(t.app).get("/api/roles/permissions")).statusCode).toBe(401);
  });
});
