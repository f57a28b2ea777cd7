import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPermission } from "@netfleet/contracts/permissions";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import { userMoveLogSchema, type UserMoveLog } from "@netfleet/contracts/schemas/users";
import { rolesRepo } from "../roles/roles.repo";
import { usersRepo } from "./users.repo";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let east: TestCompany;
let west: TestCompany;
let other: TestCompany;
let rootAdmin: TestAgent;
let rootAdminEmail: string;

type LogBody = { data: UserMoveLog[]; meta: { total: number } };
type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };
const firstError = (res: { json: <T>() => T }) => res.json<ErrorBody>().errors[0];

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Move Root" });
  east = await f.company({ name: "Move East", parent: root });
  west = await f.company({ name: "Move West", parent: root });
  other = await f.company({ name: "Move Other" });
  const admin = await signedInAgent(t, { company: root, role: "admin" });
  rootAdmin = admin.agent;
  rootAdminEmail = admin.user.email;
});
afterAll(() => t.close());

const companyOf = async (agent: TestAgent, id: number) =>
  (await agent.get(`/api/users/${id}`)).json<{ data: { company_id: number } }>().data.company_id;

describe("POST /api/users/move", () => {
  it("moves users inside the tree and logs who moved whom from where to where", async () => {
    const ann = await f.user({ company: east, role: "end_user", email: "ann@move.example" });
    const bob = await f.user({ company: root, role: "read_only", email: "bob@move.example" });
    const res = await rootAdmin.post("/api/users/move", {
      user_ids: [ann.id, bob.id],
      company_id: west.id,
    });
    expect(res.json()).toEqual({ success: true, message: "Users moved successfully" });
    expect(await companyOf(rootAdmin, ann.id)).toBe(west.id);
    expect(await companyOf(rootAdmin, bob.id)).toBe(west.id);
    const logs = (await rootAdmin.get(`/api/users/move-logs?sort=user_email`)).json<LogBody>();
    expect(logs.data.map((log) => userMoveLogSchema.parse(log))).toEqual([
      {
        id: expect.any(Number),
        user_id: ann.id,
        user_email: "ann@move.example",
        from_company_id: east.id,
        from_company_name: "Move East",
        to_company_id: west.id,
        to_company_name: "Move West",
        moved_by_id: expect.any(Number),
        moved_by_email: rootAdminEmail,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
      expect.objectContaining({ user_email: "bob@move.example", from_company_name: "Move Root" }),
    ]);
  });

  it("moves nobody when one of the users cannot move, and logs nothing", async () => {
    const stays = await f.user({ company: east, role: "end_user" });
    const stranger = await f.user({ company: other, role: "end_user" });
    const before = (await rootAdmin.get("/api/users/move-logs")).json<LogBody>().meta.total;
    const res = await rootAdmin.post("/api/users/move", {
      user_ids: [stays.id, stranger.id],
      company_id: west.id,
    });
    expect(res.statusCode).toBe(404);
    expect(firstError(res)?.source).toBe("user_ids");
    expect(await companyOf(rootAdmin, stays.id)).toBe(east.id);
    expect((await rootAdmin.get("/api/users/move-logs")).json<LogBody>().meta.total).toBe(before);
  });

  it("answers 404 for a company outside the tree and 422 for the user's own company", async () => {
    const user = await f.user({ company: east, role: "end_user" });
    const outside = await rootAdmin.post("/api/users/move", {
      user_ids: [user.id],
      company_id: other.id,
    });
    expect(outside.statusCode).toBe(404);
    expect(firstError(outside)?.source).toBe("company_id");
    const same = await rootAdmin.post("/api/users/move", {
      user_ids: [user.id],
      company_id: east.id,
    });
    expect(same.statusCode).toBe(422);
    expect(firstError(same)?.message).toBe("The user is already in this company.");
  });

  it("keeps a custom role within the subtree of its company", async () => {
    const eastRole = await rolesRepo(t.database.db).createCustom({
      name: "east-fitter",
      title: "East fitter",
      description: "",
      companyId: east.id,
      permissions: ["view_devices"],
    });
    const user = await f.user({ company: east, role: "end_user" });
    await usersRepo(t.database.db).setRole(user.id, eastRole);
    const res = await rootAdmin.post("/api/users/move", {
      user_ids: [user.id],
      company_id: west.id,
    });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.source).toBe("user_ids");
  });

  it("refuses roles without update_users", async () => {
    const user = await f.user({ company: east, role: "end_user" });
    for (const role of ["end_user", "readonly_admin", "read_only"] as const) {
      const { agent } = await signedInAgent(t, { company: root, role });
      const res = await agent.post("/api/users/move", { user_ids: [user.id], company_id: west.id });
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe("GET /api/users/move-logs", () => {
  let subAdmin: TestAgent;
  beforeAll(async () => {
    subAdmin = (await signedInAgent(t, { company: east, role: "admin" })).agent;
    const inner = await f.company({ name: "Move East Inner", parent: east });
    for (const name of ["x1", "x2", "x3"]) {
      const user = await f.user({ company: east, role: "end_user", email: `${name}@logs.example` });
      await rootAdmin.post("/api/users/move", { user_ids: [user.id], company_id: inner.id });
    }
  });

  it("shows a subsidiary only the moves inside its own tree", async () => {
    const body = (await subAdmin.get("/api/users/move-logs?limit=100")).json<LogBody>();
    expect(body.data.map((log) => log.user_email).sort()).toEqual([
      "x1@logs.example",
      "x2@logs.example",
      "x3@logs.example",
    ]);
    const { agent: stranger } = await signedInAgent(t, { company: other, role: "admin" });
    expect((await stranger.get("/api/users/move-logs")).json<LogBody>().meta.total).toBe(0);
    expect((await subAdmin.get(`/api/users/move-logs?company_id=${root.id}`)).statusCode).toBe(404);
  });

  it("pages, sorts, searches and filters by user", async () => {
    const page = (
      await subAdmin.get("/api/users/move-logs?sort=-user_email&limit=2&offset=1")
    ).json<LogBody>();
    expect(page.data.map((log) => log.user_email)).toEqual(["x2@logs.example", "x1@logs.example"]);
    expect(page.meta.total).toBe(3);
    const found = (await subAdmin.get("/api/users/move-logs?q=X3@LOGS")).json<LogBody>();
    expect(found.data.map((log) => log.user_email)).toEqual(["x3@logs.example"]);
    const mine = (
      await subAdmin.get(`/api/users/move-logs?user_id=${found.data[0]!.user_id}`)
    ).json<LogBody>();
    expect(mine.meta.total).toBe(1);
    const refused = await subAdmin.get("/api/users/move-logs?sort=password");
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused)?.source).toBe("sort");
  });

  it("is read with view_user_move_logs only", async () => {
    const roles: FixedRoleName[] = [
      "super_admin",
      "admin",
      "end_user",
      "readonly_admin",
      "read_only",
    ];
    for (const role of roles) {
      const { agent } = await signedInAgent(t, { company: root, role });
      const res = await agent.get("/api/users/move-logs");
      const allowed = hasPermission(FIXED_ROLES[role].permissions, "view_user_move_logs");
      expect(res.statusCode, role).toBe(allowed ? 200 : 403);
    }
  });
});
