import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceListItem, DeviceStatistics } from "@netfleet/contracts/schemas/devices";
import { devices } from "../../db/schema";
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
let lab: TestCompany;

type ListBody = {
  data: { name: string; serial: string; company_name: string }[];
  meta: { total: number; total_capped: boolean; next?: string };
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

  it("answers a super administrator's whole fleet from the table's estimate once it is far past the cap", async () => {
    const everyone = (await signedInAgent(t, { company: north, role: "super_admin" })).agent;
    const exact = (await everyone.get("/api/devices?limit=1")).json<ListBody>().meta;
    expect(exact.total_capped).toBe(false);
    // The planner's estimate, as a table of millions would have it: no row is read to say
    // "10 000+". A company's own fleet, and a filtered list, are still counted.
    await t.database.db.execute(
      sql`update pg_class set reltuples = 5000000 where oid = 'devices'::regclass`,
    );
    try {
      const wide = (await everyone.get("/api/devices?limit=1&sort=name")).json<ListBody>();
      expect(wide.meta).toMatchObject({ total: 10_000, total_capped: true });
      expect(wide.data).toHaveLength(1);
      // Later pages take the estimate as the first one left it, without asking again.
      const next = (
        await everyone.get(`/api/devices?limit=1&sort=name&after=${wide.meta.next}`)
      ).json<ListBody>();
      expect(next.meta).toMatchObject({ total: 10_000, total_capped: true });
      expect(next.data).toHaveLength(1);
      const own = (
        await (await signedInAgent(t, { company: north })).agent.get("/api/devices")
      ).json<ListBody>();
      expect(own.meta).toMatchObject({ total: own.data.length, total_capped: false });
      expect(
        (await everyone.get("/api/devices?q=core-router")).json<ListBody>().meta,
      ).toMatchObject({ total: 1, total_capped: false });
    } finally {
      await t.database.db.execute(sql`analyze devices`);
    }
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
    // No MAC holds a text of other characters: searching only MACs for it finds nothing.
    expect(
      (await agent.get("/api/devices?q=cabinet&search-fields=mac")).json<ListBody>().meta.total,
    ).toBe(0);
    expect(
      (await agent.get("/api/devices?q=ab:Cd:eF&search-fields=mac")).json<ListBody>().data,
    ).toHaveLength(1);
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

  it("matches a text of several words as a whole, not by its number alone", async () => {
    await f.device({ company: lab, name: "gate-4999 east" });
    await f.device({ company: lab, name: "kiosk 4999" });
    await f.device({ company: lab, name: "gate 49990" });
    const agent = (await signedInAgent(t, { company: lab })).agent;
    const body = (await agent.get("/api/devices?q=GATE-4999&sort=name")).json<ListBody>();
    expect(body.data.map((d) => d.name)).toEqual(["gate-4999 east"]);
    expect(body.meta.total).toBe(1);
    // A long serial sharing its end with others.
    await f.device({ company: lab, name: "batch a", serial: "3300004999" });
    await f.device({ company: lab, name: "batch b", serial: "4400004999" });
    const serial = (await agent.get("/api/devices?q=3300004999")).json<ListBody>();
    expect(serial.data.map((d) => d.name)).toEqual(["batch a"]);
  });

  it("finds a word by its start whatever its case or length, and checks the whole text", async () => {
    await f.device({ company: lab, name: "rack_AB12cd-north" });
    await f.device({ company: lab, name: "rack-12345678901234567890" });
    await f.device({ company: lab, name: "desk_ab12" });
    const agent = (await signedInAgent(t, { company: lab })).agent;
    const names = async (q: string) =>
      (await agent.get(`/api/devices?sort=name&q=${encodeURIComponent(q)}`))
        .json<ListBody>()
        .data.map((d) => d.name);
    expect(await names("rack_ab12")).toEqual(["rack_AB12cd-north"]);
    expect(await names("_AB12")).toEqual(["desk_ab12", "rack_AB12cd-north"]);
    // Past the sixteen characters a word's start is kept to, the rest is checked on the rows.
    expect(await names("k-123456789012345678")).toEqual(["rack-12345678901234567890"]);
    expect(await names("k-123456789012345670")).toEqual([]);
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

type Device = DeviceListItem;
type Page = { data: Device[]; meta: { total: number; total_capped: boolean } };
type Failure = { errors: { code: string; source: string | null; message: string }[] };

/** What a device reported, written as the gateway would. */
async function report(id: number, values: Partial<typeof devices.$inferInsert>) {
  await t.database.db.update(devices).set(values).where(eq(devices.id, id));
}

describe("the device list's fields, filters, edits, tags, statistics and export", () => {
  let fleet: TestCompany;
  let depot: TestCompany;
  let yard: TestCompany;
  let outsider: TestCompany;
  let admin: TestAgent;
  const id: Record<string, number> = {};
  const tag: Record<string, number> = {};

  const names = (page: Page) => page.data.map((d) => d.name).sort();
  /** A tag change, and its action run to the end. */
  const putTags = async (path: string, body: unknown) => {
    const res = await admin.put(path, body);
    await t.app.actions.settled();
    return res;
  };
  const list = async (query: string, agent = admin) =>
    (await agent.get(`/api/devices?limit=100&${query}`)).json<Page>();

  beforeAll(async () => {
    fleet = await f.company({ name: "Fleet" });
    depot = await f.company({ name: "Depot", parent: fleet });
    yard = await f.company({ name: "Yard", parent: fleet });
    outsider = await f.company({ name: "Outsider" });
    admin = (await signedInAgent(t, { company: fleet })).agent;
    const make = async (name: string, company: TestCompany, model = "RUTX11", status = 1) =>
      (id[name] = (await f.device({ company, name, model, status })).id);
    await make("hq-core", fleet);
    await make("depot-gw", depot, "RUTX50");
    await make("depot-ap", depot, "TAP100", 0);
    await make("yard-switch", yard, "TSW101", 2);
    await make("yard-spare", yard, "RUT241", 5);
    await make("far-away", outsider);
    await report(id["hq-core"]!, {
      signal: -65,
      temperature: 41.6,
      operator: "Telia",
      connectionType: "5G",
      wanIp: "192.0.2.10",
      latitude: 59.913868,
      longitude: 10.752245,
      routerUptime: 3600,
      sent: 1_000,
      received: 2_000,
      lastSeenAt: new Date("2026-02-03T04:05:06.789Z"),
      description: "Core router in the server room",
    });
    await report(id["depot-gw"]!, { signal: -80, operator: "Telenor", connectionType: "4G" });
    await report(id["depot-ap"]!, { signal: -95, firmware: null });
    for (const [name, company, color] of [
      ["critical", fleet, "#ff0000"],
      ["depot", depot, null],
      ["yard", yard, "#00ff00"],
      ["foreign", outsider, null],
    ] as const) {
      tag[name] = (await f.tag({ company, name: `tag-${name}`, color })).id;
    }
  });

  describe("GET /api/devices", () => {
    it("FM-ENTITY-001 answers each device with its tags, what it reported, its derived flags and its last connection", async () => {
      await putTags("/api/devices/tags/assign", {
        data: [{ device_id: id["hq-core"], tag_id: [tag.critical] }],
      });
      const body = await list(`id=${id["hq-core"]},${id["depot-ap"]}`);
      expectMatchesReference("GET", "/api/devices", 200, body);
      const core = body.data.find((d) => d.name === "hq-core")!;
      expect(core).toMatchObject({
        original_model: "RUTX11",
        firmware: "RUTX_R_00.07.06.10",
        description: "Core router in the server room",
        company_name: "Fleet",
        tags: [{ id: tag.critical, name: "tag-critical", color: "#ff0000" }],
        signal: -65,
        temperature: 42,
        operator: "Telia",
        connection_type: "5G",
        wan_ip: "192.0.2.10",
        latitude: 59.913868,
        longitude: 10.752245,
        router_uptime: 3600,
        sent: 1000,
        received: 2000,
        last_connection_at: "2026-02-03T04:05:06.789Z",
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
        has_wifi: true,
        has_mobile: true,
        device_series: "RUTX",
        fw_version: "00.07.06.10",
        has_esim: false,
      });
      // What a device never reported is left out rather than null, as RMS types it.
      const ap = body.data.find((d) => d.name === "depot-ap")!;
      expect(ap).not.toHaveProperty("firmware");
      expect(ap).not.toHaveProperty("last_connection_at");
      expect(ap).not.toHaveProperty("operator");
      expect(ap).toMatchObject({ tags: [], latitude: null, fw_version: null });
    });

    it("filters by status as RMS names it, and excludes with ne:status", async () => {
      expect(names(await list("status=online"))).toEqual(["depot-gw", "hq-core"]);
      expect(names(await list("status=offline"))).toEqual(["depot-ap"]);
      expect(names(await list("status=pending"))).toEqual(["yard-switch"]);
      expect(names(await list("status=not_activated"))).toEqual(["yard-spare"]);
      expect(names(await list("ne:status=online"))).toEqual([
        "depot-ap",
        "yard-spare",
        "yard-switch",
      ]);
      expect((await admin.get("/api/devices?status=asleep")).statusCode).toBe(422);
    });

    it("filters by model, firmware (unknown for none), MAC, operator and connection type", async () => {
      expect(names(await list("model=RUTX50"))).toEqual(["depot-gw"]);
      expect(names(await list("ne:model=RUTX11"))).toHaveLength(4);
      expect(names(await list("firmware=unknown"))).toEqual(["depot-ap"]);
      expect(names(await list("ne:firmware=RUTX_R_00.07.06.10"))).toEqual(["depot-ap"]);
      const [core] = (await list(`id=${id["hq-core"]}`)).data;
      expect(names(await list(`mac=${core!.mac.replaceAll(":", "").toLowerCase()}`))).toEqual([
        "hq-core",
      ]);
      expect(names(await list("operator=Telenor"))).toEqual(["depot-gw"]);
      expect(names(await list("ne:operator=Telenor"))).toHaveLength(4);
      expect(names(await list("connection_type=5g"))).toEqual(["hq-core"]);
    });

    it("filters by signal: excellent from -70 dBm, average from -85, low below, no_signal without", async () => {
      expect(names(await list("signal=excellent"))).toEqual(["hq-core"]);
      expect(names(await list("signal=average"))).toEqual(["depot-gw"]);
      expect(names(await list("signal=low"))).toEqual(["depot-ap"]);
      expect(names(await list("signal=no_signal"))).toEqual(["yard-spare", "yard-switch"]);
      expect(names(await list("ne:signal=excellent"))).toHaveLength(4);
    });

    it("filters by one company of the caller's tree, and finds nothing in another tree", async () => {
      expect(names(await list(`company_id=${depot.id}`))).toEqual(["depot-ap", "depot-gw"]);
      const other = await list(`company_id=${outsider.id}`);
      const missing = await list("company_id=2147483647");
      expect(other).toEqual(missing);
      expect(other.meta.total).toBe(0);
    });

    it("filters by tag and excludes a tag", async () => {
      await putTags("/api/devices/tags/overwrite", {
        data: [
          { device_id: id["depot-gw"], tag_id: [tag.depot, tag.critical] },
          { device_id: id["depot-ap"], tag_id: [tag.depot] },
        ],
      });
      expect(names(await list(`tag_id=${tag.depot}`))).toEqual(["depot-ap", "depot-gw"]);
      expect(names(await list(`tag_id=${tag.critical}`))).toEqual(["depot-gw", "hq-core"]);
      expect(names(await list(`ne:tag_id=${tag.depot}`))).toEqual([
        "hq-core",
        "yard-spare",
        "yard-switch",
      ]);
    });

    it("refuses an offset past 10 000 with 422 naming the cursor to use instead", async () => {
      const res = await admin.get("/api/devices?offset=10001");
      expect(res.statusCode).toBe(422);
      const error = res.json<Failure>().errors[0];
      expect(error?.source).toBe("offset");
      expect(error?.message).toContain("after=<meta.next>");
    });

    it("refuses a cursor it did not give, one of another sort, and both directions at once", async () => {
      const first = (await admin.get("/api/devices?limit=2&sort=name")).json<{
        meta: { next: string };
      }>();
      const other = await admin.get(`/api/devices?limit=2&sort=model&after=${first.meta.next}`);
      expect(other.statusCode).toBe(422);
      expect(other.json<Failure>().errors[0]).toMatchObject({ source: "after" });
      expect(other.json<Failure>().errors[0]?.message).toContain("another sort order");
      const forged = Buffer.from(JSON.stringify(["name", ["x", "1 or 1=1"]]));
      for (const token of ["garbage", forged.toString("base64url")]) {
        const res = await admin.get(`/api/devices?sort=name&before=${token}`);
        expect(res.statusCode).toBe(422);
        expect(res.json<Failure>().errors[0]?.source).toBe("before");
      }
      const both = await admin.get(
        `/api/devices?sort=name&after=${first.meta.next}&before=${first.meta.next}`,
      );
      expect(both.statusCode).toBe(422);
    });
  });

  describe("PUT /api/devices/{id}", () => {
    it("renames a device and sets its description, answering the device as the list shows it", async () => {
      const res = await admin.put(`/api/devices/${id["yard-spare"]}`, {
        name: "  yard-reserve ",
        description: "On the shelf",
      });
      expect(res.statusCode).toBe(200);
      expectMatchesReference("PUT", `/api/devices/${id["yard-spare"]}`, 200, res.json());
      expect(res.json<{ data: Device }>().data).toMatchObject({
        id: id["yard-spare"],
        name: "yard-reserve",
        description: "On the shelf",
      });
      expect(names(await list(`id=${id["yard-spare"]}`))).toEqual(["yard-reserve"]);
      const cleared = await admin.put(`/api/devices/${id["yard-spare"]}`, { description: "" });
      expect(cleared.json<{ data: Device }>().data).not.toHaveProperty("description");
      await admin.put(`/api/devices/${id["yard-spare"]}`, { name: "yard-spare" });
    });

    it("refuses an empty name or one with forbidden characters, naming the field", async () => {
      for (const name of ["   ", "core<script>"]) {
        const res = await admin.put(`/api/devices/${id["hq-core"]}`, { name });
        expect(res.statusCode).toBe(422);
        expect(res.json<Failure>().errors[0]?.source).toBe("name");
      }
    });

    it("replaces the tags with tag_id, and refuses tags the caller cannot use", async () => {
      const res = await admin.put(`/api/devices/${id["yard-switch"]}`, {
        tag_id: [tag.yard, tag.critical],
      });
      expect(res.json<{ data: Device }>().data.tags.map((t) => t.name)).toEqual([
        "tag-critical",
        "tag-yard",
      ]);
      const foreign = await admin.put(`/api/devices/${id["yard-switch"]}`, {
        tag_id: [tag.foreign],
      });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json<Failure>().errors[0]).toMatchObject({ source: "tag_id" });
      // A sibling company's tag stays with its own branch.
      const sibling = await admin.put(`/api/devices/${id["yard-switch"]}`, {
        tag_id: [tag.depot],
      });
      expect(sibling.statusCode).toBe(422);
      expect(sibling.json<Failure>().errors[0]?.message).toContain("its own company");
      const kept = await list(`id=${id["yard-switch"]}`);
      expect(kept.data[0]?.tags.map((t) => t.name)).toEqual(["tag-critical", "tag-yard"]);
    });

    it("lets a guest change nothing, and answers a device of another tree as missing", async () => {
      const guest = (await signedInAgent(t, { company: fleet, role: "read_only" })).agent;
      expect((await guest.put(`/api/devices/${id["hq-core"]}`, { name: "x" })).statusCode).toBe(
        403,
      );
      const other = await admin.put(`/api/devices/${id["far-away"]}`, { name: "mine" });
      const missing = await admin.put("/api/devices/2147483647", { name: "mine" });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(missing.json());
    });
  });

  describe("PUT /api/devices/tags/assign, unassign and overwrite", () => {
    it("adds tags, takes some or all off, and overwrites them", async () => {
      const device = id["hq-core"]!;
      const tagsOf = async () => (await list(`id=${device}`)).data[0]!.tags.map((t) => t.name);
      const overwrite = await putTags("/api/devices/tags/overwrite", {
        data: [{ device_id: device, tag_id: [] }],
      });
      expect(overwrite.statusCode).toBe(200);
      expectMatchesReference("PUT", "/api/devices/tags/overwrite", 200, overwrite.json());
      expect(await tagsOf()).toEqual([]);
      await putTags("/api/devices/tags/assign", {
        data: [{ device_id: device, tag_id: [tag.critical] }],
      });
      const assign = await putTags("/api/devices/tags/assign", {
        data: [{ device_id: device, tag_id: [tag.critical] }],
      });
      expectMatchesReference("PUT", "/api/devices/tags/assign", 200, assign.json());
      expect(await tagsOf()).toEqual(["tag-critical"]);
      const unassign = await putTags("/api/devices/tags/unassign", {
        data: [{ device_id: device, tag_id: [tag.critical] }],
      });
      expectMatchesReference("PUT", "/api/devices/tags/unassign", 200, unassign.json());
      expect(await tagsOf()).toEqual([]);
      await putTags("/api/devices/tags/assign", {
        data: [{ device_id: device, tag_id: [tag.critical] }],
      });
      await putTags("/api/devices/tags/unassign", { data: [{ device_id: device, tag_id: [] }] });
      expect(await tagsOf()).toEqual([]);
    });

    it("changes nothing when one device or tag is out of reach, naming which", async () => {
      const res = await putTags("/api/devices/tags/assign", {
        data: [
          { device_id: id["yard-spare"], tag_id: [tag.yard] },
          { device_id: id["far-away"], tag_id: [tag.critical] },
        ],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json<Failure>().errors[0]?.source).toBe("data.1.device_id");
      expect((await list(`id=${id["yard-spare"]}`)).data[0]?.tags).toEqual([]);
      const foreignTag = await putTags("/api/devices/tags/assign", {
        data: [{ device_id: id["yard-spare"], tag_id: [tag.foreign] }],
      });
      expect(foreignTag.statusCode).toBe(422);
      expect(foreignTag.json<Failure>().errors[0]?.source).toBe("data.0.tag_id");
    });

    it("lets a subsidiary's user see its devices' tags but not put a parent's tag on", async () => {
      await putTags("/api/devices/tags/overwrite", {
        data: [{ device_id: id["depot-gw"], tag_id: [tag.critical, tag.depot] }],
      });
      const local = (await signedInAgent(t, { company: depot, role: "end_user" })).agent;
      const seen = await list(`id=${id["depot-gw"]}`, local);
      expect(seen.data[0]?.tags.map((t) => t.name)).toEqual(["tag-critical", "tag-depot"]);
      const res = await local.put("/api/devices/tags/assign", {
        data: [{ device_id: id["depot-ap"], tag_id: [tag.critical] }],
      });
      expect(res.statusCode).toBe(422);
    });
  });

  describe("GET /api/devices/statistics", () => {
    it("counts the filtered devices by status, model and firmware for the three charts", async () => {
      const res = await admin.get("/api/devices/statistics");
      expect(res.statusCode).toBe(200);
      expectMatchesReference("GET", "/api/devices/statistics", 200, res.json());
      expect(res.json<{ data: DeviceStatistics }>().data).toEqual({
        status: { online: 2, offline: 1, pending: 1, not_activated: 1 },
        model: { RUT241: 1, RUTX11: 1, RUTX50: 1, TAP100: 1, TSW101: 1 },
        firmware: { "RUTX_R_00.07.06.10": 4, unknown: 1 },
      });
      const filtered = await admin.get(
        `/api/devices/statistics?charts=status,model&company_id=${depot.id}`,
      );
      expect(filtered.json<{ data: DeviceStatistics }>().data).toEqual({
        status: { online: 1, offline: 1 },
        model: { RUTX50: 1, TAP100: 1 },
      });
    });

    it("refuses a chart it does not draw", async () => {
      const res = await admin.get("/api/devices/statistics?charts=status,weather");
      expect(res.statusCode).toBe(422);
      expect(res.json<Failure>().errors[0]?.source).toBe("charts");
    });
  });

  describe("GET /api/devices/export/csv", () => {
    it("exports the filtered devices as CSV with a header row, in the list's order", async () => {
      const res = await admin.get(`/api/devices/export/csv?company_id=${depot.id}&sort=-name`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(
        /^attachment; filename="devices-.+\.csv"$/,
      );
      const lines = res.body.trimEnd().split("\r\n");
      expect(lines[0]).toMatch(
        /^id,name,serial,mac,model,firmware,status,company_id,company_name,tags,/,
      );
      expect(lines.slice(1).map((line) => line.split(",")[1])).toEqual(["depot-gw", "depot-ap"]);
      expect(lines[1]).toContain(",Online,");
    });

    it("neutralises text a spreadsheet would run as a formula, but not negative numbers", async () => {
      await admin.put(`/api/devices/${id["depot-ap"]}`, {
        name: "=1+2",
        description: "-2+3, @SUM",
      });
      const res = await admin.get("/api/devices/export/csv?model=TAP100");
      const row = res.body.trimEnd().split("\r\n")[1]!;
      expect(row).toContain(`,'=1+2,`);
      expect(row).toContain(`,"'-2+3, @SUM",`);
      expect(row).toContain(",-95,");
      await admin.put(`/api/devices/${id["depot-ap"]}`, { name: "depot-ap", description: null });
    });

    it("exports nothing of another tree, as for a company that does not exist", async () => {
      const other = await admin.get(`/api/devices/export/csv?company_id=${outsider.id}`);
      const missing = await admin.get("/api/devices/export/csv?company_id=2147483647");
      expect(other.body).toBe(missing.body);
      expect(other.body.trimEnd().split("\r\n")).toHaveLength(1);
    });
  });
});
