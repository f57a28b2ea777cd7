import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPermission, type Permission } from "@netfleet/contracts/permissions";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import { userSchema } from "@netfleet/contracts/schemas/users";
import { agePasswordConfirmation } from "../mfa/mfa-test-kit";
import { rolesRepo } from "../roles/roles.repo";
import { usersRepo } from "./users.repo";
import { signedInAgent, signedInAs, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let sub: TestCompany;
let other: TestCompany;

type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };
const firstError = (res: { json: <T>() => T }) => res.json<ErrorBody>().errors[0];

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Staff Root" });
  sub = await f.company({ name: "Staff Sub", parent: root });
  other = await f.company({ name: "Staff Other" });
});
afterAll(() => t.close());

const ROLES: FixedRoleName[] = ["super_admin", "admin", "end_user", "readonly_admin", "read_only"];
const POSITIONS = ["own", "subsidiary", "unrelated"] as const;
const companyAt = (position: (typeof POSITIONS)[number]) =>
  ({ own: root, subsidiary: sub, unrelated: other })[position];

/** What a fixed role in the root company gets for a user at `position`. */
function expected(role: FixedRoleName, permission: Permission, position: string, ok: number) {
  if (!hasPermission(FIXED_ROLES[role].permissions, permission)) return 403;
  return position === "unrelated" && !FIXED_ROLES[role].globalScope ? 404 : ok;
}

describe("each fixed role, for a user of its own company, a subsidiary and an unrelated one", () => {
  const agents = new Map<FixedRoleName, TestAgent>();
  beforeAll(async () => {
    for (const role of ROLES)
      agents.set(role, (await signedInAgent(t, { company: root, role })).agent);
  });

  it("reads a user with view_users, as RMS's single-user answer", async () => {
    for (const role of ROLES) {
      for (const position of POSITIONS) {
        const target = await f.user({ company: companyAt(position), role: "end_user" });
        const res = await agents.get(role)!.get(`/api/users/${target.id}`);
        expect(res.statusCode, `${role} ${position}`).toBe(
          expected(role, "view_users", position, 200),
        );
        if (res.statusCode !== 200) continue;
        expectMatchesReference("GET", `/api/users/${target.id}`, 200, res.json());
        expect(userSchema.parse(res.json<{ data: unknown }>().data)).toMatchObject({
          id: target.id,
          email: target.email,
          role_id: FIXED_ROLES.end_user.id,
          role: "End Client",
          role_name: "end_user",
          company_id: companyAt(position).id,
          company_name: companyAt(position).name,
          company_level: position === "subsidiary" ? 2 : 1,
          company_parent_id: position === "subsidiary" ? root.id : 0,
          mfa_type: null,
          last_login_at: null,
        });
      }
    }
  });

  it("changes a user's role with update_users", async () => {
    for (const role of ROLES) {
      for (const position of POSITIONS) {
        const target = await f.user({ company: companyAt(position), role: "end_user" });
        const res = await agents.get(role)!.put(`/api/users/${target.id}`, { role: "read_only" });
        expect(res.statusCode, `${role} ${position} ${res.body}`).toBe(
          expected(role, "update_users", position, 200),
        );
        if (res.statusCode !== 200) continue;
        expect(res.json()).toMatchObject({
          message: "User updated successfully",
          data: { id: target.id, role_id: FIXED_ROLES.read_only.id, role: "Guest" },
        });
      }
    }
  });

  it("deletes a user with delete_users", async () => {
    for (const role of ROLES) {
      for (const position of POSITIONS) {
        const target = await f.user({ company: companyAt(position), role: "end_user" });
        const res = await agents.get(role)!.delete(`/api/users/${target.id}`);
        const status = expected(role, "delete_users", position, 200);
        expect(res.statusCode, `${role} ${position} ${res.body}`).toBe(status);
        if (status === 200)
          expectMatchesReference("DELETE", `/api/users/${target.id}`, 200, res.json());
        const still = await agents.get("super_admin")!.get(`/api/users/${target.id}`);
        expect(still.statusCode, `${role} ${position}`).toBe(status === 200 ? 404 : 200);
      }
    }
  });
});

describe("PUT /api/users/{id}", () => {
  it("gives the new role's permissions on the user's very next request", async () => {
    const { agent: admin } = await signedInAgent(t, { company: root, role: "admin" });
    const { user, agent } = await signedInAgent(t, { company: sub, role: "end_user" });
    expect((await agent.get("/api/users")).statusCode).toBe(403);
    await admin.put(`/api/users/${user.id}`, { role: "admin" });
    expect((await agent.get("/api/users")).statusCode).toBe(200);
    await admin.put(`/api/users/${user.id}`, { role: FIXED_ROLES.read_only.id });
    expect((await agent.get("/api/users")).statusCode).toBe(403);
    const me = (await agent.get("/api/user")).json<{ role: { name: string } }>();
    expect(me.role.name).toBe("read_only");
  });

  it("offers only roles the editor may grant, never above the editor", async () => {
    const { agent: admin } = await signedInAgent(t, { company: root, role: "admin" });
    const target = await f.user({ company: sub, role: "end_user" });
    for (const role of [
      "super_admin",
      "support",
      FIXED_ROLES.super_admin.id,
      "no_such_role",
      999_999,
    ]) {
      const res = await admin.put(`/api/users/${target.id}`, { role });
      expect(res.statusCode, String(role)).toBe(422);
      expect(firstError(res)?.source).toBe("role");
    }
    const roles = rolesRepo(t.database.db);
    const fitting = await roles.createCustom({
      name: "fitter",
      title: "Fitter",
      description: "",
      companyId: sub.id,
      permissions: ["view_devices", "view_tags"],
    });
    const beyond = await roles.createCustom({
      name: "statistician",
      title: "Statistician",
      description: "",
      companyId: sub.id,
      permissions: ["view_devices", "view_statistics"],
    });
    const elsewhere = await roles.createCustom({
      name: "outsider",
      title: "Outsider",
      description: "",
      companyId: other.id,
      permissions: ["view_devices"],
    });
    expect((await admin.put(`/api/users/${target.id}`, { role: beyond })).statusCode).toBe(422);
    expect((await admin.put(`/api/users/${target.id}`, { role: elsewhere })).statusCode).toBe(422);
    const byName = await admin.put(`/api/users/${target.id}`, { role: "fitter" });
    expect(byName.json()).toMatchObject({ data: { role_id: fitting, role: "Fitter" } });
    const same = await admin.put(`/api/users/${target.id}`, { role: fitting });
    expect(same.statusCode).toBe(422);
    // A custom role of a subsidiary serves that subtree only: not a user of the parent.
    const parentUser = await f.user({ company: root, role: "end_user" });
    expect((await admin.put(`/api/users/${parentUser.id}`, { role: fitting })).statusCode).toBe(
      422,
    );
  });

  it("lets a custom role grant only what it holds itself (unknown roles invite as admin)", async () => {
    const manager = await rolesRepo(t.database.db).createCustom({
      name: "manager",
      title: "Manager",
      description: "",
      companyId: root.id,
      permissions: [...FIXED_ROLES.read_only.permissions, "view_users", "update_users"],
    });
    const user = await f.user({ company: root, role: "end_user" });
    await usersRepo(t.database.db).setRole(user.id, manager);
    const agent = await signedInAs(t, user);
    const target = await f.user({ company: sub, role: "read_only" });
    expect((await agent.put(`/api/users/${target.id}`, { role: "admin" })).statusCode).toBe(422);
    expect((await agent.put(`/api/users/${target.id}`, { role: "end_user" })).statusCode).toBe(422);
    const alike = await agent.put(`/api/users/${target.id}`, { role: "manager" });
    expect(alike.statusCode).toBe(200);
  });

  it("refuses changing one's own role and the role of a user above the editor", async () => {
    const { user, agent: admin } = await signedInAgent(t, { company: root, role: "admin" });
    const self = await admin.put(`/api/users/${user.id}`, { role: "read_only" });
    expect(self.statusCode).toBe(403);
    const boss = await f.user({ company: sub, role: "super_admin" });
    const above = await admin.put(`/api/users/${boss.id}`, { role: "read_only" });
    expect(above.statusCode).toBe(403);
    expect(firstError(above)?.message).toContain("permissions you do not have");
    expect((await admin.delete(`/api/users/${boss.id}`)).statusCode).toBe(403);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("ends the deleted user's sessions and access tokens at once", async () => {
    const { agent: admin } = await signedInAgent(t, { company: root, role: "admin" });
    const { user, agent } = await signedInAgent(t, { company: sub, role: "end_user" });
    const created = await agent.post("/account/tokens", { name: "script", scopes: ["users:read"] });
    const token = created.json<{ data: { token: string } }>().data.token;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await new TestAgent(t.app).get("/api/user", bearer)).statusCode).toBe(200);
    const res = await admin.delete(`/api/users/${user.id}`);
    expect(res.json()).toEqual({ success: true, message: "User deleted successfully" });
    expect((await agent.get("/api/user")).statusCode).toBe(401);
    expect((await new TestAgent(t.app).get("/api/user", bearer)).statusCode).toBe(401);
  });

  it("asks for the password again when it was typed long ago, and never deletes oneself", async () => {
    const { user, agent: admin } = await signedInAgent(t, { company: root, role: "admin" });
    expect((await admin.delete(`/api/users/${user.id}`)).statusCode).toBe(403);
    const target = await f.user({ company: sub, role: "end_user" });
    await agePasswordConfirmation(t.database.db, user.id);
    const locked = await admin.delete(`/api/users/${target.id}`);
    expect(locked.statusCode).toBe(423);
    await admin.post("/api/password-confirmation", { password: user.password });
    expect((await admin.delete(`/api/users/${target.id}`)).statusCode).toBe(200);
  });
});
