import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let north: TestCompany;
let northRetail: TestCompany;
let south: TestCompany;

type ListBody = { data: { name: string; company_name: string }[]; meta: { total: number } };

async function agentFor(
  company: TestCompany,
  role: "admin" | "super_admin" | "read_only" = "admin",
) {
  const user = await f.user({ company, role });
  const agent = new TestAgent(t.app);
  await agent.signIn(user.email, user.password);
  return agent;
}

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Root" });
  north = await f.company({ name: "North", parent: root });
  northRetail = await f.company({ name: "North Retail", parent: north });
  south = await f.company({ name: "South", parent: root });
  await f.device({ company: root, name: "core-router", serial: "1100000001" });
  await f.device({ company: north, name: "north-gw", serial: "1100000002" });
  await f.device({ company: northRetail, name: "shop-ap", serial: "1100000003", model: "TAP100" });
  await f.device({ company: south, name: "south-gw", serial: "1100000004" });
});
afterAll(() => t.close());

describe("GET /api/devices", () => {
  it("shows a company's own devices and its subsidiaries', never a sibling's", async () => {
    const res = await (await agentFor(north)).get("/api/devices?sort=name");
    const body = res.json<ListBody>();
    expect(body.data.map((d) => d.name)).toEqual(["north-gw", "shop-ap"]);
    expect(body.meta.total).toBe(2);
  });

  it("shows a leaf company only its own devices, for read-only roles too", async () => {
    const body = (
      await (await agentFor(northRetail, "read_only")).get("/api/devices")
    ).json<ListBody>();
    expect(body.data.map((d) => d.name)).toEqual(["shop-ap"]);
  });

  it("shows a super administrator every company's devices", async () => {
    const other = await f.company({ name: "Elsewhere" });
    await f.device({ company: other, name: "elsewhere-gw" });
    const body = (
      await (await agentFor(north, "super_admin")).get("/api/devices?limit=100")
    ).json<ListBody>();
    expect(body.data.map((d) => d.name)).toEqual(
      expect.arrayContaining(["core-router", "south-gw", "elsewhere-gw"]),
    );
  });

  it("searches, sorts, pages and counts on the server", async () => {
    const agent = await agentFor(root);
    const search = (await agent.get("/api/devices?q=gw&sort=-name")).json<ListBody>();
    expect(search.data.map((d) => d.name)).toEqual(["south-gw", "north-gw"]);
    const page = (await agent.get("/api/devices?sort=name&limit=2&offset=2")).json<ListBody>();
    expect(page.data.map((d) => d.name)).toEqual(["shop-ap", "south-gw"]);
    expect(page.meta.total).toBe(4);
    const bySerial = (await agent.get("/api/devices?q=1100000003")).json<ListBody>();
    expect(bySerial.data.map((d) => d.company_name)).toEqual(["North Retail"]);
  });

  it("treats LIKE wildcards in the search as text", async () => {
    const body = (await (await agentFor(root)).get("/api/devices?q=%25")).json<ListBody>();
    expect(body.meta.total).toBe(0);
  });

  it("refuses an unknown sort field and a limit over 100 with 422 naming the parameter", async () => {
    const agent = await agentFor(root);
    const sort = await agent.get("/api/devices?sort=password");
    expect(sort.statusCode).toBe(422);
    expect(sort.json<{ errors: { source: string }[] }>().errors[0]?.source).toBe("sort");
    const limit = await agent.get("/api/devices?limit=1000");
    expect(limit.statusCode).toBe(422);
    expect(limit.json<{ errors: { source: string }[] }>().errors[0]?.source).toBe("limit");
  });
});
