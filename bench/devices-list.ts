/**
 * The device list at scale: the first page, a page sorted by name, a deep page, a search
 * and a filtered, sorted page, each asked by 32 callers at once through the whole server
 * (app.inject: routing, auth, tenancy filter, count, page, tags, serialisation) and straight
 * through the repository (the database's share; the pool has 10 connections), and by one
 * caller at a time (what a page costs without queueing). The route's statistics follow.
 *
 * The same run first measures the old approach on the same rows: an exact count(*) of
 * every match and `offset` paging, without the sort indexes of migration 0007 (dropped for
 * that phase, then built again). The old queries run straight on the pool, without HTTP, so
 * the ratios flatter the old approach slightly.
 *
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench    PostgreSQL, 1 000 000 devices (an empty database)
 *   npm run bench                                      PGlite, 100 000 devices
 *   BENCH_DEVICES=200000 BENCH_REQUESTS=64 npm run bench
 */
import { performance } from "node:perf_hooks";
import { buildApp } from "../apps/server/src/app";
import { refreshPlannerStatistics } from "../apps/server/src/db/bootstrap";
import { openDatabase, resultRows, type Database, type Db } from "../apps/server/src/db/client";
import { parseEnv } from "../apps/server/src/env";
import { bootstrapFirstAdmin, syncFixedRoles } from "../apps/server/src/modules/accounts/bootstrap";
import { hashPassword } from "../apps/server/src/modules/accounts/passwords";
import { companiesRepo } from "../apps/server/src/modules/companies/companies.repo";
import { deviceListQuerySchema } from "@netfleet/contracts/schemas/devices";
import { encodeCursor } from "../apps/server/src/modules/devices/devices-cursor";
import { deviceListRepo } from "../apps/server/src/modules/devices/devices-list.repo";

const URL = process.env.BENCH_DATABASE_URL;
const DEVICES = Number(process.env.BENCH_DEVICES ?? (URL ? 1_000_000 : 100_000));
const CONCURRENCY = 32;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 320);
/** The old deep page takes seconds; fewer of them keep the run short. */
const OLD_REQUESTS = Math.min(REQUESTS, 64);
const DEEP = Math.floor(DEVICES * 0.9);

/** Migration 0007's indexes, as it creates them: dropped for the old phase. */
const SORT_INDEXES = [
  `create index devices_name_id_idx on devices (name, id)`,
  `create index devices_model_id_idx on devices (model, id)`,
  `create index devices_firmware_id_idx on devices ((coalesce(firmware, '')), id)`,
  `create index devices_status_id_idx on devices (status, id)`,
  `create index devices_mac_idx on devices (mac)`,
];

async function fill(database: Database) {
  await database.migrate();
  await syncFixedRoles(database.db);
  const admin = await bootstrapFirstAdmin(database.db, {
    companyName: "Bench",
    email: "bench@example.com",
    password: "bench password",
    hash: hashPassword,
  });
  const root = { id: 1, level: 1, path: "1/" };
  for (let i = 0; i < 20; i++)
    await companiesRepo(database.db).insert({ name: `Sub ${i}`, parent: root });
  const started = performance.now();
  // Written by the database itself: a million rows from JavaScript would take minutes.
  for (let start = 0; start < DEVICES; start += 100_000) {
    const end = Math.min(DEVICES, start + 100_000) - 1;
    await database.db.execute(`
      insert into devices (company_id, name, serial, mac, model, firmware, status, signal,
        operator, connection_type, created_at)
      select 1 + n % 21, 'device-' || n, (2000000000 + n)::text,
        '02:00:' || lpad(to_hex(n / 16777216 % 256), 2, '0') || ':' || lpad(to_hex(n / 65536 % 256), 2, '0')
          || ':' || lpad(to_hex(n / 256 % 256), 2, '0') || ':' || lpad(to_hex(n % 256), 2, '0'),
        (array['RUTX11','RUTX50','RUT241','TRB140','TAP100','TSW101','RUTM50','OTD140'])[1 + n % 8],
        case when n % 13 = 0 then null else 'FW_R_00.07.' || lpad((n % 12)::text, 2, '0') end,
        (array[0, 1, 1, 2, 5])[1 + n % 5],
        case when n % 7 = 0 then null else -50 - n % 70 end,
        (array['Telia','Telenor','Ice'])[1 + n % 3],
        (array['4G','5G','WAN'])[1 + n % 3],
        now() - n * interval '1 second'
      from generate_series(${start}, ${end}) as n`);
  }
  await database.db.execute(`
    insert into tags (company_id, name) select 1, 'tag-' || g from generate_series(1, 10) as g`);
  await database.db.execute(`
    insert into device_tags (device_id, tag_id)
    select id, 1 + id % 10 from devices where id % 10 = 0`);
  await refreshPlannerStatistics(database.db);
  process.stdout.write(
    `  seeded ${DEVICES} devices in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  return admin!;
}

/** `requests` calls of `call`, `concurrency` at a time; each call's time in ms, sorted. */
async function load(
  call: () => Promise<void>,
  requests: number,
  concurrency = CONCURRENCY,
): Promise<number[]> {
  const times: number[] = [];
  let left = requests;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) {
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const quantile = (times: number[], q: number) =>
  times[Math.min(times.length - 1, Math.floor(q * times.length))]!;

/** The old list: an exact count, then the page by offset (FEW_MATCHES decided the order). */
function oldList(db: Db, where: string, order: string, offset: number) {
  return async () => {
    const counted = await db.execute(
      `select count(*)::integer as total from devices where ${where}`,
    );
    const total = resultRows<{ total: number }>(counted)[0]!.total;
    const ordered =
      total > 1000
        ? order
        : order
            .split(",")
            .map((part) => {
              const [column, direction = ""] = part.trim().split(" ");
              return `coalesce(${column}, ${column}) ${direction}`;
            })
            .join(", ");
    await db.execute(
      `select devices.*, companies.name as company_name from devices join companies on companies.id = devices.company_id where ${where} order by ${ordered} limit 25 offset ${offset}`,
    );
  };
}

async function measure(label: string, database: Database) {
  process.stdout.write(`\n${label}: ${DEVICES} devices, ${CONCURRENCY} callers at once\n`);
  const admin = await fill(database);
  const db = database.db;
  const env = parseEnv({
    LOG_LEVEL: "silent",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    WEB_DIST_DIR: "/nonexistent",
    MQTT_PORT: "0",
  });
  const app = await buildApp({ env, database, logger: false });
  const signIn = await app.inject({
    method: "POST",
    url: "/account/sign-in",
    payload: { email: admin.email, password: admin.password },
    headers: { "x-xsrf-token": "b" },
    cookies: { "XSRF-TOKEN": "b" },
  });
  const cookies = Object.fromEntries(signIn.cookies.map((c) => [c.name, c.value]));
  const [deep] = resultRows<{ name: string; id: number }>(
    await db.execute(`select name, id from devices order by name, id offset ${DEEP - 1} limit 1`),
  );
  const deepCursor = encodeCursor("name", [deep!.name, String(deep!.id)]);

  const cases: {
    name: string;
    url: string;
    old: [where: string, order: string, offset: number];
  }[] = [
    { name: "first page", url: "/api/devices?limit=25", old: ["true", "devices.id desc", 0] },
    {
      name: "sorted by name",
      url: "/api/devices?limit=25&sort=name",
      old: ["true", "devices.name, devices.id desc", 0],
    },
    {
      name: `deep page (row ${DEEP})`,
      url: `/api/devices?limit=25&sort=name&after=${deepCursor}`,
      old: ["true", "devices.name, devices.id desc", DEEP],
    },
    {
      name: "search q=device-4999",
      url: "/api/devices?limit=25&q=device-4999",
      old: [
        "(devices.name ilike '%device-4999%' or devices.serial ilike '%device-4999%' or devices.mac ilike '%device-4999%')",
        "devices.id desc",
        0,
      ],
    },
    {
      name: "online, by model",
      url: "/api/devices?limit=25&status=online&sort=model",
      old: ["devices.status = 1", "devices.model, devices.id desc", 0],
    },
  ];

  process.stdout.write(`  old approach (exact count, offset, no sort indexes):\n`);
  for (const index of SORT_INDEXES) {
    await db.execute(`drop index if exists ${index.split(" ")[2]}`);
  }
  const old = new Map<string, number[]>();
  for (const c of cases) {
    const times = await load(oldList(db, ...c.old), OLD_REQUESTS);
    old.set(c.name, times);
    process.stdout.write(
      `    ${c.name.padEnd(26)} p50 ${quantile(times, 0.5).toFixed(1).padStart(8)} ms   p99 ${quantile(times, 0.99).toFixed(1).padStart(8)} ms\n`,
    );
  }
  const building = performance.now();
  for (const index of SORT_INDEXES) await db.execute(index);
  await refreshPlannerStatistics(db);
  process.stdout.write(
    `  (migration 0007's indexes built in ${((performance.now() - building) / 1000).toFixed(1)} s)\n`,
  );

  process.stdout.write(
    `  new approach (capped count, keyset cursor): through HTTP, and the repository alone:\n`,
  );
  const scope = { companyPath: "1/", global: true };
  for (const c of cases) {
    const http = await load(async () => {
      const res = await app.inject({ method: "GET", url: c.url, cookies });
      if (res.statusCode !== 200) throw new Error(`${c.url}: ${res.statusCode} ${res.body}`);
    }, REQUESTS);
    const query = deviceListQuerySchema.parse(
      Object.fromEntries(new URLSearchParams(c.url.split("?")[1])),
    );
    const repo = await load(async () => {
      await deviceListRepo(db).list(scope, query);
    }, REQUESTS);
    // One caller at a time: what a page costs without waiting for the pool or the CPU.
    const alone = await load(
      async () => {
        await deviceListRepo(db).list(scope, query);
      },
      50,
      1,
    );
    const before = quantile(old.get(c.name)!, 0.99);
    process.stdout.write(
      `    ${c.name.padEnd(26)} HTTP p50 ${quantile(http, 0.5).toFixed(1).padStart(6)} p99 ${quantile(http, 0.99).toFixed(1).padStart(6)} ms` +
        `   repository p50 ${quantile(repo, 0.5).toFixed(1).padStart(6)} p99 ${quantile(repo, 0.99).toFixed(1).padStart(6)} ms` +
        `   one caller p99 ${quantile(alone, 0.99).toFixed(1).padStart(5)} ms` +
        `   old p99 / new p99: HTTP ${(before / quantile(http, 0.99)).toFixed(0)}×, repository ${(before / quantile(repo, 0.99)).toFixed(0)}×\n`,
    );
  }
  const stats = await load(async () => {
    await deviceListRepo(db).statistics(scope, {}, ["status", "model", "firmware"]);
  }, CONCURRENCY);
  process.stdout.write(
    `  statistics of every device, uncached (the route keeps an answer 15 s): p50 ${quantile(stats, 0.5).toFixed(1)} ms   p99 ${quantile(stats, 0.99).toFixed(1)} ms\n`,
  );
  await app.close();
  await database.close();
}

await measure(
  URL ? "PostgreSQL" : "PGlite (embedded)",
  await openDatabase(URL ? { url: URL } : {}),
);
