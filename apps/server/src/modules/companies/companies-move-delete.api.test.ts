import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { Company, CompanyListItem } from "@netfleet/contracts/schemas/companies";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";
import { agePasswordConfirmation } from "../mfa/mfa-test-kit";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let north: TestCompany;
let south: TestCompany;
let rootAdmin: TestAgent;
let northAdmin: TestAgent;
let superAdmin: TestAgent;

type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };

const errorsOf = (res: LightMyRequestResponse) => res.json<ErrorBody>().errors;
const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });
const companyOf = async (agent: TestAgent, id: number) =>
  (await agent.get(`/api/companies/${id}`)).json<{ data: Company }>().data;
const treeOf = async (agent: TestAgent) =>
  (await agent.get("/api/companies?sort=tree&limit=100")).json<{ data: CompanyListItem[] }>().data;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Move Root" });
  north = await f.company({ name: "Move North", parent: root });
  south = await f.company({ name: "Move South", parent: root });
  rootAdmin = (await signedInAgent(t, { company: root })).agent;
  northAdmin = (await signedInAgent(t, { company: north })).agent;
  const operator = await f.company({ name: "Operator" });
  superAdmin = (await signedInAgent(t, { company: operator, role: "super_admin" })).agent;
});
afterAll(() => t.close());

describe("POST /api/companies/move", () => {
  it("FM-CALL-026 moves a company with its subsidiaries, their levels and tenant scope following", async () => {
    const branch = await f.company({ name: "Branch" });
    const kid = await f.company({ name: "Branch Kid", parent: branch });
    const kidAdmin = (await signedInAgent(t, { company: kid })).agent;
    const res = await superAdmin.post("/api/companies/move", {
      source: branch.id,
      target: north.id,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorsOf(res)[0]?.source).toBe("target");

    const moved = await superAdmin.post("/api/companies/move", {
      source: branch.id,
      target: root.id,
    });
    expect(moved.statusCode).toBe(200);
    expectMatchesReference("POST", "/api/companies/move", 200, moved.json());
    expect(moved.json<{ data: Company; message: string }>()).toMatchObject({
      message: "Company moved successfully",
      data: { id: branch.id, parent_id: root.id, parent_name: "Move Root", level: 2 },
    });
    // The tenant scope follows the rewritten paths: root's admin now reaches the whole branch.
    const tree = await treeOf(rootAdmin);
    expect(tree.map((c) => [c.level, c.name])).toEqual([
      [1, "Move Root"],
      [2, "Branch"],
      [3, "Branch Kid"],
      [2, "Move North"],
      [2, "Move South"],
    ]);
    expect(await companyOf(kidAdmin, kid.id)).toMatchObject({ level: 3, parent_id: branch.id });
    expect((await kidAdmin.get(`/api/companies/${root.id}`)).statusCode).toBe(404);
  });

  it("moves a company down under a sibling, out of its old parent's direct subsidiaries", async () => {
    const leaf = await f.company({ name: "Leaf", parent: root });
    const res = await rootAdmin.post("/api/companies/move", { source: leaf.id, target: south.id });
    expect(res.statusCode).toBe(200);
    expect(await companyOf(rootAdmin, leaf.id)).toMatchObject({ level: 3, parent_id: south.id });
    const southAdmin = (await signedInAgent(t, { company: south })).agent;
    expect((await southAdmin.get(`/api/companies/${leaf.id}`)).statusCode).toBe(200);
    const back = await rootAdmin.post("/api/companies/move", { source: leaf.id, target: root.id });
    expect(await companyOf(rootAdmin, leaf.id)).toMatchObject({ level: 2, parent_id: root.id });
    expect(back.statusCode).toBe(200);
  });

  it("refuses moving a company under itself or a subsidiary of its own", async () => {
    const parent = await f.company({ name: "Cycle Parent", parent: root });
    const child = await f.company({ name: "Cycle Child", parent });
    for (const target of [parent, child]) {
      const res = await rootAdmin.post("/api/companies/move", {
        source: parent.id,
        target: target.id,
      });
      expect(res.statusCode).toBe(422);
      expectMatchesReference("POST", "/api/companies/move", 422, res.json());
      expect(errorsOf(res)[0]).toEqual({
        code: "VALIDATION_FAILED",
        source: "target",
        message: "A company cannot be moved under itself or one of its subsidiaries.",
      });
    }
  });

  it("refuses moving the caller's own company, and a move to the current parent", async () => {
    const northKid = await f.company({ name: "North Kid", parent: north });
    for (const [agent, own, target] of [
      [rootAdmin, root, north],
      [northAdmin, north, northKid],
    ] as const) {
      const res = await agent.post("/api/companies/move", { source: own.id, target: target.id });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res)[0]).toMatchObject({
        source: "source",
        message: "Your own company cannot be moved.",
      });
    }
    const same = await rootAdmin.post("/api/companies/move", { source: north.id, target: root.id });
    expect(errorsOf(same)[0]?.message).toBe("The company is already a subsidiary of this company.");
  });

  it("FM-ENTITY-024 keeps every moved company at level 3 or above, changing nothing when refused", async () => {
    const parent = await f.company({ name: "Deep Parent", parent: root });
    const child = await f.company({ name: "Deep Child", parent });
    const under = await f.company({ name: "Deep Target Kid", parent: south });
    const deeper = await rootAdmin.post("/api/companies/move", {
      source: parent.id,
      target: south.id,
    });
    expect(errorsOf(deeper)[0]?.message).toBe(
      "The company and its subsidiaries would go deeper than level 3.",
    );
    const leaf = await rootAdmin.post("/api/companies/move", {
      source: child.id,
      target: under.id,
    });
    expect(errorsOf(leaf)[0]?.message).toBe("A company of level 3 cannot have subsidiaries.");
    expect(await companyOf(rootAdmin, parent.id)).toMatchObject({ level: 2, parent_id: root.id });
    expect(await companyOf(rootAdmin, child.id)).toMatchObject({ level: 3, parent_id: parent.id });
  });

  it("answers a source or target outside the caller's tree exactly as a missing one", async () => {
    const mine = await f.company({ name: "North Own", parent: north });
    const missingTarget = answer(
      await northAdmin.post("/api/companies/move", { source: mine.id, target: 2_147_483_647 }),
    );
    expect(missingTarget.status).toBe(404);
    for (const other of [root, south]) {
      const res = await northAdmin.post("/api/companies/move", {
        source: mine.id,
        target: other.id,
      });
      expect(answer(res)).toEqual(missingTarget);
    }
    const missingSource = answer(
      await northAdmin.post("/api/companies/move", { source: 2_147_483_647, target: north.id }),
    );
    expect(missingSource.body).toMatchObject({ errors: [{ source: "source" }] });
    const res = await northAdmin.post("/api/companies/move", {
      source: south.id,
      target: north.id,
    });
    expect(answer(res)).toEqual(missingSource);
  });

  it("refuses roles without update_companies", async () => {
    const leaf = await f.company({ name: "Guarded", parent: root });
    for (const role of ["readonly_admin", "end_user", "read_only"] as const) {
      const { agent } = await signedInAgent(t, { company: root, role });
      const res = await agent.post("/api/companies/move", { source: leaf.id, target: north.id });
      expect(res.statusCode, role).toBe(403);
    }
    expect(await companyOf(rootAdmin, leaf.id)).toMatchObject({ parent_id: root.id });
  });

  it("keeps the tree whole when moves and creates race", async () => {
    const a = await f.company({ name: "Race A", parent: root });
    const b = await f.company({ name: "Race B", parent: root });
    const [ab, ba] = await Promise.all([
      rootAdmin.post("/api/companies/move", { source: a.id, target: b.id }),
      rootAdmin.post("/api/companies/move", { source: b.id, target: a.id }),
    ]);
    expect([ab.statusCode, ba.statusCode].sort()).toEqual([200, 422]);
    // Either order works here: the move keeps levels, and the parent may have a subsidiary.
    const moving = await f.company({ name: "Race Moving", parent: root });
    const otherTop = await f.company({ name: "Race Other Top" });
    const [move, created] = await Promise.all([
      superAdmin.post("/api/companies/move", { source: moving.id, target: otherTop.id }),
      superAdmin.post("/api/companies", { name: "Race Newborn", parent_id: moving.id }),
    ]);
    expect([move.statusCode, created.statusCode]).toEqual([200, 201]);
    // Whichever ran first, the new company's path is under the moved parent's new one.
    const otherAdmin = (await signedInAgent(t, { company: otherTop })).agent;
    expect((await treeOf(otherAdmin)).map((c) => [c.level, c.name])).toEqual([
      [1, "Race Other Top"],
      [2, "Race Moving"],
      [3, "Race Newborn"],
    ]);
  });
});

describe("DELETE /api/companies/{id}", () => {
  it("deletes an empty company of the caller's tree, its tags with it", async () => {
    const empty = await f.company({ name: "Empty", parent: north });
    await f.tag({ company: empty });
    const res = await northAdmin.delete(`/api/companies/${empty.id}`);
    expect(res.statusCode).toBe(200);
    expectMatchesReference("DELETE", `/api/companies/${empty.id}`, 200, res.json());
    expect(res.json()).toEqual({ success: true, message: "Company deleted successfully" });
    expect((await northAdmin.get(`/api/companies/${empty.id}`)).statusCode).toBe(404);
  });

  it("refuses, saying what it still has, a company with devices, users or subsidiaries", async () => {
    const full = await f.company({ name: "Full", parent: root });
    await f.device({ company: full });
    await f.device({ company: full });
    await f.user({ company: full, role: "end_user" });
    const res = await rootAdmin.delete(`/api/companies/${full.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      errors: [
        {
          code: "CONFLICT",
          source: null,
          message: "This company still has 2 devices and 1 user. Move or delete them first.",
        },
      ],
      meta: { devices_count: 2, users_count: 1, subsidiaries_count: 0 },
    });
    const parent = await f.company({ name: "Parent Only", parent: root });
    await f.company({ name: "Its Child", parent });
    const withChild = await rootAdmin.delete(`/api/companies/${parent.id}`);
    expect(errorsOf(withChild)[0]?.message).toBe(
      "This company still has 1 subsidiary. Move or delete them first.",
    );
    expect((await rootAdmin.get(`/api/companies/${full.id}`)).statusCode).toBe(200);
  });

  it("refuses deleting the caller's own company", async () => {
    const res = await northAdmin.delete(`/api/companies/${north.id}`);
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]?.message).toBe("Your own company cannot be deleted.");
  });

  it("asks for the password again once the confirmation window has passed", async () => {
    const empty = await f.company({ name: "Confirm First", parent: root });
    const { user, agent } = await signedInAgent(t, { company: root });
    await agePasswordConfirmation(t.database.db, user.id);
    const locked = await agent.delete(`/api/companies/${empty.id}`);
    expect(locked.statusCode).toBe(423);
    expect(errorsOf(locked)[0]?.code).toBe("PASSWORD_CONFIRMATION_REQUIRED");
    expect((await agent.get(`/api/companies/${empty.id}`)).statusCode).toBe(200);
    await agent.post("/api/password-confirmation", { password: user.password });
    expect((await agent.delete(`/api/companies/${empty.id}`)).statusCode).toBe(200);
  });

  it("answers a company outside the tree as a missing one, and refuses roles without delete_companies", async () => {
    const missing = answer(await northAdmin.delete("/api/companies/2147483647"));
    expect(missing.status).toBe(404);
    const outside = await f.company({ name: "Outside Empty", parent: root });
    expect(answer(await northAdmin.delete(`/api/companies/${outside.id}`))).toEqual(missing);
    const { agent } = await signedInAgent(t, { company: root, role: "readonly_admin" });
    expect((await agent.delete(`/api/companies/${outside.id}`)).statusCode).toBe(403);
    expect((await rootAdmin.get(`/api/companies/${outside.id}`)).statusCode).toBe(200);
  });
});
