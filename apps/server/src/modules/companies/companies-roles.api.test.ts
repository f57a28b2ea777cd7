import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPermission, type Permission } from "@netfleet/contracts/permissions";
import { FIXED_ROLE_LIST, type FixedRole } from "@netfleet/contracts/roles";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";

/**
 * Every company route, called by each fixed role signed in to a company about that company
 * itself, one of its subsidiaries and a company of another tree.
 *
 *     Own ── Sub        Other (unrelated)
 */

type Position = "own" | "sub" | "other";
const POSITIONS: readonly Position[] = ["own", "sub", "other"];

let t: TestApp;
let f: ReturnType<typeof factories>;
let own: TestCompany;
let sub: TestCompany;
let other: TestCompany;
const agents = new Map<string, TestAgent>();

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  own = await f.company({ name: "Matrix Own" });
  sub = await f.company({ name: "Matrix Sub", parent: own });
  other = await f.company({ name: "Matrix Other" });
  for (const role of FIXED_ROLE_LIST)
    agents.set(role.name, (await signedInAgent(t, { company: own, role: role.name })).agent);
});
afterAll(() => t.close());

/** The status a role should get: 403 without the permission, 404 beyond its scope. */
function expected(role: FixedRole, permission: Permission, position: Position, success: number) {
  if (!hasPermission(role.permissions, permission)) return 403;
  if (position === "other" && !role.globalScope) return 404;
  return success;
}

const companyAt = (position: Position) => ({ own, sub, other })[position];

describe("company routes per role and tenant position", () => {
  it("serves GET /api/companies/{id} to viewers of the company's tree only", async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const role of FIXED_ROLE_LIST) {
      for (const position of POSITIONS) {
        const res = await agents.get(role.name)!.get(`/api/companies/${companyAt(position).id}`);
        got.push(`${role.name} ${position} ${res.statusCode}`);
        want.push(`${role.name} ${position} ${expected(role, "view_companies", position, 200)}`);
      }
    }
    expect(got).toEqual(want);
  });

  it("lets POST /api/companies create under the caller's tree only", async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const role of FIXED_ROLE_LIST) {
      for (const position of POSITIONS) {
        const res = await agents.get(role.name)!.post("/api/companies", {
          name: `New ${role.name} ${position}`,
          parent_id: companyAt(position).id,
        });
        got.push(`${role.name} ${position} ${res.statusCode}`);
        want.push(`${role.name} ${position} ${expected(role, "create_companies", position, 201)}`);
      }
    }
    expect(got).toEqual(want);
  });

  it("lets PUT /api/companies/{id} rename in the caller's tree only", async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const role of FIXED_ROLE_LIST) {
      for (const position of POSITIONS) {
        const res = await agents.get(role.name)!.put(`/api/companies/${companyAt(position).id}`, {
          name: `Renamed ${role.name} ${position}`,
        });
        got.push(`${role.name} ${position} ${res.statusCode}`);
        want.push(`${role.name} ${position} ${expected(role, "update_companies", position, 200)}`);
      }
    }
    expect(got).toEqual(want);
  });

  it("lets POST /api/companies/move move within the caller's tree only", async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const role of FIXED_ROLE_LIST) {
      for (const position of ["sub", "other"] as const) {
        // A fresh leaf of the position's tree moves under that tree's top company.
        const top = position === "sub" ? own : other;
        const middle = await f.company({ name: "Move Middle", parent: top });
        const leaf = await f.company({ name: "Move Leaf", parent: middle });
        const res = await agents.get(role.name)!.post("/api/companies/move", {
          source: leaf.id,
          target: top.id,
        });
        got.push(`${role.name} ${position} ${res.statusCode}`);
        want.push(`${role.name} ${position} ${expected(role, "update_companies", position, 200)}`);
      }
    }
    expect(got).toEqual(want);
  });

  it("lets DELETE /api/companies/{id} delete an empty company of the caller's tree only", async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const role of FIXED_ROLE_LIST) {
      for (const position of POSITIONS) {
        // The caller's own company is never deleted; elsewhere a fresh empty one is tried.
        const target =
          position === "own"
            ? own
            : await f.company({ name: "Doomed", parent: companyAt(position) });
        const res = await agents.get(role.name)!.delete(`/api/companies/${target.id}`);
        got.push(`${role.name} ${position} ${res.statusCode}`);
        const success = position === "own" ? 409 : 200;
        want.push(
          `${role.name} ${position} ${expected(role, "delete_companies", position, success)}`,
        );
      }
    }
    expect(got).toEqual(want);
  });
});
