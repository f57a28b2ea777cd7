import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeviceListItem } from "@netfleet/contracts/schemas/devices";
import { resultRows } from "../../db/client";
import { deviceListWhere } from "./devices-list.repo";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";

type Page = {
  data: DeviceListItem[];
  meta: { total: number; total_capped: boolean; next?: string; prev?: string };
};

let t: TestApp;
let small: TestAgent;
let bulk: TestAgent;
const BULK = 10_050;

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  const few = await f.company({ name: "Few" });
  // Ties in every sort key but the id, so the pages must break them the same way each time.
  for (const [name, model, status] of [
    ["alpha", "RUTX11", 1],
    ["alpha", "RUTX11", 0],
    ["bravo", "TRB140", 1],
    ["alpha", "TRB140", 2],
    ["charlie", "RUTX11", 1],
    ["bravo", "RUT241", 0],
    ["delta", "RUTX11", 1],
  ] as const) {
    await f.device({ company: few, name, model, status });
  }
  small = (await signedInAgent(t, { company: few })).agent;
  const many: TestCompany = await f.company({ name: "Many" });
  await t.database.db.execute(sql`
    insert into devices (company_id, name, serial, mac, model, status)
    select ${many.id}, 'bulk-' || lpad(g::text, 5, '0'), 'BULK' || g, '02:00:00:00:00:00',
      'RUTX11', g % 3
    from generate_series(1, ${BULK}) as g`);
  bulk = (await signedInAgent(t, { company: many })).agent;
}, 60_000);
afterAll(() => t.close());

const ids = (page: Page) => page.data.map((d) => d.id);

describe("GET /api/devices paging", () => {
  it("walks every sort order forward and back with cursors, agreeing with offsets", async () => {
    const sorts = ["", "name", "-name", "model", "-model", "firmware", "status", "-status"];
    for (const sort of [...sorts, "serial", "mac", "-created_at", "company_name", "model,-name"]) {
      const base = `/api/devices?sort=${sort}`;
      const whole = ids((await small.get(`${base}&limit=100`)).json<Page>());
      expect(whole).toHaveLength(7);
      const forward: number[] = [];
      let page = (await small.get(`${base}&limit=2`)).json<Page>();
      expect(page.meta.prev).toBeUndefined();
      const pages = [page];
      forward.push(...ids(page));
      while (page.meta.next) {
        page = (await small.get(`${base}&limit=2&after=${page.meta.next}`)).json<Page>();
        pages.push(page);
        forward.push(...ids(page));
      }
      expect(forward, `sort=${sort} forward`).toEqual(whole);
      expect(pages).toHaveLength(4);
      // Back from the last page, each previous page is the one that came before it.
      for (let i = pages.length - 1; i > 0; i--) {
        const back = (
          await small.get(`${base}&limit=2&before=${pages[i]!.meta.prev}`)
        ).json<Page>();
        expect(ids(back), `sort=${sort} back to page ${i}`).toEqual(ids(pages[i - 1]!));
      }
      const offset = (await small.get(`${base}&limit=2&offset=2`)).json<Page>();
      expect(ids(offset)).toEqual(whole.slice(2, 4));
      expect(offset.meta.prev).toBeDefined();
    }
  });

  it("walks a search's few matches forward and back with cursors, agreeing with offsets", async () => {
    for (const sort of ["", "name", "-status", "model,-name", "company_name"]) {
      const base = `/api/devices?q=alph&sort=${sort}`;
      const whole = (await small.get(`${base}&limit=100`)).json<Page>();
      expect(whole.meta).toMatchObject({ total: 3, total_capped: false });
      if (sort === "") expect(ids(whole)).toEqual([...ids(whole)].sort((a, b) => b - a));
      if (sort === "-status") expect(whole.data.map((d) => d.status)).toEqual([2, 1, 0]);
      if (sort === "model,-name") {
        expect(whole.data.map((d) => d.model)).toEqual(["RUTX11", "RUTX11", "TRB140"]);
      }
      const first = (await small.get(`${base}&limit=2`)).json<Page>();
      const second = (await small.get(`${base}&limit=2&after=${first.meta.next}`)).json<Page>();
      expect([...ids(first), ...ids(second)], `sort=${sort}`).toEqual(ids(whole));
      expect(second.meta.next).toBeUndefined();
      expect(second.meta.total).toBe(3);
      const back = (await small.get(`${base}&limit=2&before=${second.meta.prev}`)).json<Page>();
      expect(ids(back)).toEqual(ids(first));
      const past = (await small.get(`${base}&limit=2&offset=4`)).json<Page>();
      expect(past).toMatchObject({ data: [], meta: { total: 3 } });
    }
  });

  it("counts up to 10 000 and says more match, and pages past them with the cursor", async () => {
    const first = (await bulk.get("/api/devices?limit=5&sort=name")).json<Page>();
    expect(first.meta).toMatchObject({ total: 10_000, total_capped: true });
    expect(first.data.map((d) => d.name)).toEqual([
      "bulk-00001",
      "bulk-00002",
      "bulk-00003",
      "bulk-00004",
      "bulk-00005",
    ]);
    const last = (await bulk.get("/api/devices?limit=5&sort=name&offset=10000")).json<Page>();
    expect(last.data.map((d) => d.name)[0]).toBe("bulk-10001");
    const beyond = (
      await bulk.get(`/api/devices?limit=50&sort=name&after=${last.meta.next}`)
    ).json<Page>();
    expect(beyond.data.map((d) => d.name)).toEqual(
      Array.from({ length: 45 }, (_, i) => `bulk-${10_006 + i}`),
    );
    expect(beyond.meta.next).toBeUndefined();
    expect(beyond.meta.total_capped).toBe(true);
    const online = (await bulk.get("/api/devices?limit=1&status=online")).json<Page>();
    expect(online.meta).toMatchObject({ total: 3350, total_capped: false });
    // A search past the few its first statement can sort: counted, and paged by the index.
    const search = (await bulk.get("/api/devices?q=bulk-0&limit=3&sort=-name")).json<Page>();
    expect(search.meta).toMatchObject({ total: 9999, total_capped: false });
    expect(search.data.map((d) => d.name)).toEqual(["bulk-09999", "bulk-09998", "bulk-09997"]);
  });

  it("remembers for a while that a filter matched past the cap, and counts other filters", async () => {
    const company = await factories(t.database.db).company({ name: "Past cap" });
    await t.database.db.execute(sql`
      insert into devices (company_id, name, serial, mac, model, status)
      select ${company.id}, 'cap-' || g, 'CAP' || g, '02:00:00:00:00:01',
        case when g <= 20 then 'TRB140' else 'RUTX11' end, 1
      from generate_series(1, 10010) as g`);
    const agent = (await signedInAgent(t, { company })).agent;
    const meta = async (query: string) =>
      (await agent.get(`/api/devices?limit=1${query}`)).json<Page>().meta;
    expect(await meta("")).toMatchObject({ total: 10_000, total_capped: true });
    await t.database.db.execute(
      sql`delete from devices where company_id = ${company.id} and model = 'TRB140'`,
    );
    // 9 990 are left: the list still says "10 000+" rather than count them again at once.
    expect(await meta("&sort=name")).toMatchObject({ total: 10_000, total_capped: true });
    expect(await meta("&model=RUTX11")).toMatchObject({ total: 9990, total_capped: false });
  });

  it("searches trigram indexes that keep nothing pending, so no search reads unmerged entries", async () => {
    const result = await t.database.db.execute(sql`
      select c.relname as name, c.reloptions as options from pg_class c
      join pg_index i on i.indexrelid = c.oid join pg_am a on a.oid = c.relam
      where i.indrelid = 'devices'::regclass and a.amname = 'gin' order by c.relname`);
    expect(resultRows(result)).toEqual(
      ["mac_trgm", "name_trgm", "name_words", "serial_trgm"].map((index) => ({
        name: `devices_${index}_idx`,
        options: ["fastupdate=off"],
      })),
    );
  });

  it("leaves out of a search the columns that cannot hold its text", async () => {
    const indexes = async (q: string) => {
      const where = deviceListWhere({ companyPath: "", global: true }, { q });
      const plan = JSON.stringify(
        resultRows(
          await t.database.db.execute(
            sql`explain (format json) select id from devices where ${where}`,
          ),
        ),
      );
      return ["name_words", "name_trgm", "serial_trgm", "mac_trgm"].filter((index) =>
        plan.includes(`devices_${index}_idx`),
      );
    };
    // Three digits in a row are never in a MAC; an underscore or a colon never in a serial.
    expect(await indexes("2200004999")).toEqual(["name_trgm", "serial_trgm"]);
    expect(await indexes("site_0042")).toEqual(["name_words"]);
    expect(await indexes("1e:42:a")).toEqual(["name_trgm", "mac_trgm"]);
  });

  it("looks the number after a separator up among the starts of the names' words", async () => {
    const where = deviceListWhere({ companyPath: "", global: true }, { q: "bulk-0999" });
    const result = await t.database.db.execute(
      sql`explain (format json) select id from devices where ${where}`,
    );
    const plan = JSON.stringify(resultRows(result));
    expect(plan).toContain("devices_name_words_idx");
    expect(plan).not.toContain("devices_name_trgm_idx");
    const search = (await bulk.get("/api/devices?q=bulk-0999&sort=name")).json<Page>();
    expect(search.data.map((d) => d.name)).toEqual(
      Array.from({ length: 10 }, (_, digit) => `bulk-0999${digit}`),
    );
  });
});

describe("GET /api/devices/export/csv", () => {
  it("streams every match, past the thousand rows read at a time, each once", async () => {
    const res = await bulk.get("/api/devices/export/csv?sort=-name");
    expect(res.statusCode).toBe(200);
    const rows = res.body.trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(BULK);
    const names = rows.map((row) => row.split(",")[1]);
    expect(new Set(names).size).toBe(BULK);
    expect(names[0]).toBe(`bulk-${BULK}`);
    expect(names.at(-1)).toBe("bulk-00001");
  });
});
