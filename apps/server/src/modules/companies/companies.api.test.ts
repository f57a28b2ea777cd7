import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompanyListItem } from "@netfleet/contracts/schemas/companies";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let north: TestCompany;
let northRetail: TestCompany;
let south: TestCompany;
let elsewhere: TestCompany;
let rootAdmin: TestAgent;
let northAdmin: TestAgent;

type ListBody = { data: CompanyListItem[]; meta: { total: number } };
type ErrorBody = { errors: { code: string; source: string; message: string }[] };

const names = (body: ListBody) => body.data.map((c) => c.name);

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Root Holdings" });
  north = await f.company({ name: "North 50% Ltd", parent: root });
  northRetail = await f.company({ name: "North_Retail", parent: north });
  south = await f.company({ name: "South Co", parent: root });
  await f.company({ name: "South 500 branch", parent: south });
  await f.company({ name: "NorthxRetail", parent: south });
  elsewhere = await f.company({ name: "Elsewhere Inc" });
  await f.device({ company: north });
  await f.device({ company: north });
  await f.device({ company: northRetail });
  rootAdmin = (await signedInAgent(t, { company: root })).agent;
  northAdmin = (await signedInAgent(t, { company: north })).agent;
  await f.user({ company: north, role: "end_user" });
});
afterAll(() => t.close());

describe("GET /api/companies", () => {
  it("shows a company itself and its subsidiaries, never a sibling or another tree", async () => {
    const body = (await northAdmin.get("/api/companies?sort=name")).json<ListBody>();
    expect(names(body)).toEqual(["North 50% Ltd", "North_Retail"]);
    expect(body.meta.total).toBe(2);
    const fromRoot = (await rootAdmin.get("/api/companies?limit=100")).json<ListBody>();
    expect(fromRoot.meta.total).toBe(6);
    expect(names(fromRoot)).not.toContain("Elsewhere Inc");
  });

  it("shows a super administrator every company", async () => {
    const body = (
      await (
        await signedInAgent(t, { company: elsewhere, role: "super_admin" })
      ).agent.get("/api/companies?limit=100")
    ).json<ListBody>();
    expect(names(body)).toEqual(expect.arrayContaining(["Root Holdings", "Elsewhere Inc"]));
  });

  it("describes each company as RMS does, with its parent and counts", async () => {
    const body = (await rootAdmin.get(`/api/companies?id=${north.id},${root.id}`)).json<ListBody>();
    expectMatchesReference("GET", "/api/companies", 200, body);
    expect(body.data).toEqual([
      {
        id: north.id,
        name: "North 50% Ltd",
        parent_id: root.id,
        parent_name: "Root Holdings",
        level: 2,
        devices_count: 2,
        users_count: 2,
        subsidiaries_count: 1,
        credits_left: 0,
        remaining_data: 0,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
      expect.objectContaining({ id: root.id, parent_id: 0, level: 1 }),
    ]);
    // A top-level company has no parent name: the key is absent, never null (as in RMS).
    expect(body.data[1]).not.toHaveProperty("parent_name");
  });

  it("FM-CALL-013 answers limit 100, fields and level with only those companies and keys", async () => {
    const res = await rootAdmin.get(
      "/api/companies?limit=100&fields=id,name,level,unknown&level=2&sort=name",
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: unknown[] }>().data).toEqual([
      { id: north.id, name: "North 50% Ltd", level: 2 },
      { id: south.id, name: "South Co", level: 2 },
    ]);
  });

  it("searches names case-insensitively, treating % and _ as text", async () => {
    expect(names((await rootAdmin.get("/api/companies?q=50%25")).json<ListBody>())).toEqual([
      "North 50% Ltd",
    ]);
    expect(names((await rootAdmin.get("/api/companies?q=h_r")).json<ListBody>())).toEqual([
      "North_Retail",
    ]);
    const sub = (await rootAdmin.get("/api/companies?q=RETAIL&sort=name")).json<ListBody>();
    expect(names(sub)).toEqual(["North_Retail", "NorthxRetail"]);
  });

  it("searches by name for the console and refuses search fields it does not have", async () => {
    const body = (
      await northAdmin.get("/api/companies?q=north&search-fields=name,email")
    ).json<ListBody>();
    expect(names(body).sort()).toEqual(["North 50% Ltd", "North_Retail"]);
    const refused = await rootAdmin.get("/api/companies?q=north&search-fields=email");
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors[0]).toMatchObject({
      code: "VALIDATION_FAILED",
      source: "search-fields",
      message: expect.stringContaining("name") as string,
    });
  });

  it("pages, counts and sorts, by RMS's sort names too", async () => {
    const page = (
      await rootAdmin.get("/api/companies?sort=name&limit=2&offset=1")
    ).json<ListBody>();
    expect(names(page)).toEqual(["North_Retail", "NorthxRetail"]);
    expect(page.meta.total).toBe(6);
    const byDevices = (
      await rootAdmin.get("/api/companies?sort=-device_count,company_name&limit=3")
    ).json<ListBody>();
    expect(names(byDevices)).toEqual(["North 50% Ltd", "North_Retail", "NorthxRetail"]);
    const unknown = await rootAdmin.get("/api/companies?sort=password");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ErrorBody>().errors[0]?.source).toBe("sort");
  });

  it("filters by parent, 0 meaning top-level companies", async () => {
    const children = (
      await rootAdmin.get(`/api/companies?parent_id=${root.id}&sort=name`)
    ).json<ListBody>();
    expect(names(children)).toEqual(["North 50% Ltd", "South Co"]);
    const top = (
      await (
        await signedInAgent(t, { company: elsewhere, role: "super_admin" })
      ).agent.get("/api/companies?parent_id=0&limit=100")
    ).json<ListBody>();
    expect(top.data.every((c) => c.parent_id === 0)).toBe(true);
    expect(names(top)).toEqual(expect.arrayContaining(["Root Holdings", "Elsewhere Inc"]));
  });

  it("refuses a malformed id list and a bad limit with 422 naming the parameter", async () => {
    const ids = await rootAdmin.get("/api/companies?id=1,two");
    expect(ids.statusCode).toBe(422);
    expect(ids.json<ErrorBody>().errors[0]?.source).toBe("id");
    const limit = await rootAdmin.get("/api/companies?limit=101");
    expect(limit.statusCode).toBe(422);
    expect(limit.json<ErrorBody>().errors[0]?.source).toBe("limit");
  });

  it("orders the whole tree for the tree view: each company after its parent, siblings by name", async () => {
    const tree = (await rootAdmin.get("/api/companies?sort=tree&limit=100")).json<ListBody>();
    expectMatchesReference("GET", "/api/companies", 200, tree);
    expect(tree.data.map((c) => [c.level, c.name])).toEqual([
      [1, "Root Holdings"],
      [2, "North 50% Ltd"],
      [3, "North_Retail"],
      [2, "South Co"],
      [3, "NorthxRetail"],
      [3, "South 500 branch"],
    ]);
    expect(tree.data.map((c) => [c.devices_count, c.users_count, c.subsidiaries_count])).toEqual([
      [0, 1, 2],
      [2, 2, 1],
      [1, 0, 0],
      [0, 0, 2],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    // Pages of a long tree continue where the last one stopped.
    const second = (
      await rootAdmin.get("/api/companies?sort=tree&limit=2&offset=2")
    ).json<ListBody>();
    expect(names(second)).toEqual(["North_Retail", "South Co"]);
    expect(second.meta.total).toBe(6);
    const fromNorth = (await northAdmin.get("/api/companies?sort=tree")).json<ListBody>();
    expect(names(fromNorth)).toEqual(["North 50% Ltd", "North_Retail"]);
  });

  it("keeps namesakes apart in the tree, each with its own subsidiaries", async () => {
    const twinA = await f.company({ name: "Twin", parent: elsewhere });
    const twinB = await f.company({ name: "Twin", parent: elsewhere });
    await f.company({ name: "Zed under B", parent: twinB });
    await f.company({ name: "Alpha under A", parent: twinA });
    const superAdmin = (await signedInAgent(t, { company: elsewhere, role: "super_admin" })).agent;
    const tree = (await superAdmin.get("/api/companies?sort=tree&limit=100")).json<ListBody>();
    const from = tree.data.findIndex((c) => c.id === elsewhere.id);
    expect(tree.data.slice(from, from + 5).map((c) => [c.name, c.parent_id])).toEqual([
      ["Elsewhere Inc", 0],
      ["Twin", elsewhere.id],
      ["Alpha under A", twinA.id],
      ["Twin", elsewhere.id],
      ["Zed under B", twinB.id],
    ]);
  });

  it("refuses roles without view_companies", async () => {
    for (const role of ["read_only", "end_user"] as const) {
      const res = await (
        await signedInAgent(t, { company: north, role })
      ).agent.get("/api/companies");
      expect(res.statusCode, role).toBe(403);
      expect(res.json<ErrorBody>().errors[0]?.code, role).toBe("FORBIDDEN");
    }
  });
});
