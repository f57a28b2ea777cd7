import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let north: TestCompany;
let northRetail: TestCompany;
let south: TestCompany;
let lab: TestCompany;

type ListBody = {
  data: { name: string; serial: string; company_name: string }[];
  meta: { total: number };
};

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
  lab = await f.company({ name: "Lab" });
  await f.device({ company: lab, name: "uplink 50% west", serial: "2200000001" });
  await f.device({ company: lab, name: "uplink 500 west", serial: "2200000002" });
  await f.device({ company: lab, name: "lab_7 bench", serial: "2200000003" });
  await f.device({ company: lab, name: "labx7 bench", serial: "2200000004" });
  await f.device({
    company: lab,
    name: "cabinet",
    serial: "2200000005",
    mac: "00:1E:42:AB:CD:EF",
  });
});
afterAll(() => t.close());

describe("GET /api/devices", () => {
  it("shows a company's own devices and its subsidiaries', never a sibling's", async () => {
    const res = await (
      await signedInAgent(t, { company: north })
    ).agent.get("/api/devices?sort=name");
    const body = res.json<ListBody>();
    expect(body.data.map((d) => d.name)).toEqual(["north-gw", "shop-ap"]);
    expect(body.meta.total).toBe(2);
  });

  it("shows a leaf company only its own devices, for read-only roles too", async () => {
    const body = (
      await (
        await signedInAgent(t, { company: northRetail, role: "read_only" })
      ).agent.get("/api/devices")
    ).json<ListBody>();
    expect(body.data.map((d) => d.name)).toEqual(["shop-ap"]);
  });

  it("shows a super administrator every company's devices", async () => {
    const other = await f.company({ name: "Elsewhere" });
    await f.device({ company: other, name: "elsewhere-gw" });
    const body = (
      await (
        await signedInAgent(t, { company: north, role: "super_admin" })
      ).agent.get("/api/devices?limit=100")
    ).json<ListBody>();
    expectMatchesReference("GET", "/api/devices", 200, body);
    expect(body.data.map((d) => d.name)).toEqual(
      expect.arrayContaining(["core-router", "south-gw", "elsewhere-gw"]),
    );
  });

  it("searches, sorts, pages and counts on the server", async () => {
    const agent = (await signedInAgent(t, { company: root })).agent;
    const search = (await agent.get("/api/devices?q=-gw&sort=-name")).json<ListBody>();
    expect(search.data.map((d) => d.name)).toEqual(["south-gw", "north-gw"]);
    const page = (await agent.get("/api/devices?sort=name&limit=2&offset=2")).json<ListBody>();
    expect(page.data.map((d) => d.name)).toEqual(["shop-ap", "south-gw"]);
    expect(page.meta.total).toBe(4);
    const bySerial = (await agent.get("/api/devices?q=1100000003")).json<ListBody>();
    expect(bySerial.data.map((d) => d.company_name)).toEqual(["North Retail"]);
  });

  it("treats LIKE wildcards in the search as text", async () => {
    const body = (
      await (await signedInAgent(t, { company: root })).agent.get("/api/devices?q=%25")
    ).json<ListBody>();
    expect(body.meta.total).toBe(0);
  });

  it("refuses an unknown sort field and a limit over 100 with 422 naming the parameter", async () => {
    const agent = (await signedInAgent(t, { company: root })).agent;
    const sort = await agent.get("/api/devices?sort=password");
    expect(sort.statusCode).toBe(422);
    expect(sort.json<{ errors: { source: string }[] }>().errors[0]?.source).toBe("sort");
    const limit = await agent.get("/api/devices?limit=1000");
    expect(limit.statusCode).toBe(422);
    expect(limit.json<{ errors: { source: string }[] }>().errors[0]?.source).toBe("limit");
  });

  it("SH-HTTP-023 matches the console's search on names only and returns just the asked fields", async () => {
    const agent = (await signedInAgent(t, { company: north })).agent;
    const res = await agent.get(
      "/api/devices?q=NORTH&limit=10&search-fields=name,email&fields=id,name,status,email,protocol,enabled,color",
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: Record<string, unknown>[]; meta: { total: number } }>();
    expect(body.data).toEqual([{ id: expect.any(Number), name: "north-gw", status: 1 }]);
    expect(body.meta.total).toBe(1);
    // A serial is not a name: the console's search-fields leave it out.
    const serial = await agent.get("/api/devices?q=1100000002&search-fields=name,email");
    expect(serial.json<ListBody>().meta.total).toBe(0);
  });

  it("narrows the search to the named fields and refuses names the list does not search", async () => {
    const agent = (await signedInAgent(t, { company: lab })).agent;
    const bySerial = (
      await agent.get("/api/devices?q=2200000005&search-fields=serial")
    ).json<ListBody>();
    expect(bySerial.data.map((d) => d.serial)).toEqual(["2200000005"]);
    const byMac = (
      await agent.get("/api/devices?q=ab:cd&search-fields=mac,bogus")
    ).json<ListBody>();
    expect(byMac.data.map((d) => d.name)).toEqual(["cabinet"]);
    expect(
      (await agent.get("/api/devices?q=ab:cd&search-fields=name")).json<ListBody>().meta.total,
    ).toBe(0);
    const refused = await agent.get("/api/devices?q=x&search-fields=email,phone");
    expect(refused.statusCode).toBe(422);
    const error = refused.json<{ errors: { code: string; source: string; message: string }[] }>()
      .errors[0];
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", source: "search-fields" });
    expect(error?.message).toContain("name, serial, mac");
  });

  it("matches % and _ literally", async () => {
    const agent = (await signedInAgent(t, { company: lab })).agent;
    const percent = (await agent.get("/api/devices?q=50%25")).json<ListBody>();
    expect(percent.data.map((d) => d.name)).toEqual(["uplink 50% west"]);
    const underscore = (await agent.get("/api/devices?q=b_7")).json<ListBody>();
    expect(underscore.data.map((d) => d.name)).toEqual(["lab_7 bench"]);
  });

  it("matches a one- or two-character search at the start of a field only", async () => {
    const agent = (await signedInAgent(t, { company: root })).agent;
    const short = (await agent.get("/api/devices?q=NO&search-fields=name")).json<ListBody>();
    expect(short.data.map((d) => d.name)).toEqual(["north-gw"]);
    expect(
      (await agent.get("/api/devices?q=gw&search-fields=name")).json<ListBody>().meta.total,
    ).toBe(0);
    const longer = (
      await agent.get("/api/devices?q=-gw&search-fields=name&sort=name")
    ).json<ListBody>();
    expect(longer.data.map((d) => d.name)).toEqual(["north-gw", "south-gw"]);
  });

  it("FM-CALL-016 keeps only the named fields and the id, ignoring unknown names", async () => {
    const agent = (await signedInAgent(t, { company: northRetail })).agent;
    const body = (await agent.get("/api/devices?fields=serial,model,nonsense")).json<{
      data: Record<string, unknown>[];
    }>();
    expect(body.data).toEqual([{ id: expect.any(Number), serial: "1100000003", model: "TAP100" }]);
  });

  it("counts every match but returns no page past the end", async () => {
    const agent = (await signedInAgent(t, { company: root })).agent;
    const body = (await agent.get("/api/devices?q=-gw&offset=5")).json<ListBody>();
    expect(body).toMatchObject({ success: true, data: [], meta: { total: 2 } });
  });
});
