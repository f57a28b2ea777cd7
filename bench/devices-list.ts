/**
 * The device list at scale: the first page, a page sorted by name, a deep page, two searches
 * and a filtered, sorted page, each asked by 32 callers at once over HTTP from a load
 * generator in its own process, beside a peer doing the same job in the same run: a bare
 * `node:http` server running the plainest SQL for each page (bench/peers/). The two answer
 * in turns, PAIRS times; the ratio printed is the median of the per-turn throughput ratios,
 * with its spread. Where `taskset` exists the servers run on the first CPU and the load
 * generator on the second; the database runs where the system puts it.
 *
 * The same run first measures the old approach on the same rows: an exact count(*) of
 * every match and `offset` paging, without the sort indexes of migration 0007 (dropped for
 * that phase, then built again), straight on the pool.
 *
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:list    PostgreSQL, 1 000 000 devices (an empty database)
 *   npm run bench:list                                      PGlite, 100 000 devices, no peer
 *   BENCH_DEVICES=200000 BENCH_REQUESTS=4000 BENCH_PAIRS=7 npm run bench:list
 *   BENCH_CASES=search npm run bench:list                   only the cases so named
 *   BENCH_OLD=0 npm run bench:list                          without the old approach
 *
 * Figures are also written to bench/results/devices-list-<engine>.json.
 */
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { refreshPlannerStatistics } from "../apps/server/src/db/bootstrap";
import { openDatabase, resultRows, type Database, type Db } from "../apps/server/src/db/client";
import { bootstrapFirstAdmin, syncFixedRoles } from "../apps/server/src/modules/accounts/bootstrap";
import { hashPassword } from "../apps/server/src/modules/accounts/passwords";
import { companiesRepo } from "../apps/server/src/modules/companies/companies.repo";
import { DEVICE_LIST_COUNT_CAP } from "@netfleet/contracts/devices/list-filters";
import { deviceListQuerySchema } from "@netfleet/contracts/schemas/devices";
import type { FastifyInstance } from "fastify";
import { encodeCursor } from "../apps/server/src/modules/devices/devices-cursor";
import { deviceListRepo } from "../apps/server/src/modules/devices/devices-list.repo";
import {
  paired,
  pin,
  ratioLine,
  repeat,
  summary,
  turn,
  turnLine,
  writeResults,
} from "./http-turns";
import { cookieHeader, signedInApp } from "./in-process";
import { withDeviceIndexesBuiltAfter } from "./databases";
import { startBarePeer } from "./peers/bare-device-list";

interface Case {
  name: string;
  /** Netfleet's request. */
  url: string;
  /** The peer's request for the same page. */
  peer: string;
  old: [where: string, order: string, offset: number];
}

const ms = (value: number) => value.toFixed(1).padStart(6);

/**
 * Each case over HTTP: Netfleet (with its session cookie) and the peer in turns, then
 * Netfleet alone with one caller (what a page costs without queueing).
 */
async function measureHttp(
  app: FastifyInstance,
  headers: Record<string, string>,
  cases: Case[],
  old: Map<string, number[]>,
) {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const port = (app.server.address() as AddressInfo).port;
  const peer = DATABASE_URL ? await startBarePeer(DATABASE_URL, DEVICE_LIST_COUNT_CAP) : undefined;
  const pinned = pin();
  const load = (
    at: number,
    path: string,
    headers: Record<string, string>,
    requests = REQUESTS,
    concurrency = CONCURRENCY,
  ) => turn(pinned, { port: at, path, headers, requests, concurrency, warmup: WARMUP });
  process.stdout.write(
    `  new approach over HTTP, ${PAIRS} turns of ${REQUESTS} requests${peer ? " beside the bare peer" : ""}${pinned ? ", servers on CPU 0, load on CPU 1" : ""}:\n`,
  );
  const results = [];
  for (const c of cases) {
    const ask = () => load(port, c.url, headers);
    const { ours, theirs, ratio } = peer
      ? await paired(PAIRS, ask, () => load(peer.port, c.peer, {}))
      : { ours: await repeat(PAIRS, ask), theirs: [], ratio: undefined };
    const alone = await load(port, c.url, headers, 200, 1);
    const netfleet = { ...summary(ours), one_caller_p99: alone.p99 };
    const oldTimes = old.get(c.name);
    const oldP99 = oldTimes && quantile(oldTimes, 0.99);
    results.push({
      case: c.name,
      netfleet,
      ...(ratio ? { peer: summary(theirs), throughput_ratio: ratio } : {}),
      ...(oldP99 ? { old_p99: oldP99 } : {}),
    });
    process.stdout.write(
      `    ${c.name.padEnd(26)} ${turnLine(netfleet)}` +
        (ratio ? `   peer ${turnLine(summary(theirs))}   ratio ${ratioLine(ratio)}` : "") +
        `   one caller p99 ${ms(alone.p99)} ms` +
        (oldP99 ? `   old p99 / new ${(oldP99 / netfleet.p99).toFixed(0)}×` : "") +
        "\n",
    );
  }
  await peer?.close();
  writeResults(`devices-list-${DATABASE_URL ? "postgresql" : "pglite"}`, {
    devices: DEVICES,
    concurrency: CONCURRENCY,
    requests: REQUESTS,
    pairs: PAIRS,
    pinned,
    results,
  });
}

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const DEVICES = Number(process.env.BENCH_DEVICES ?? (DATABASE_URL ? 1_000_000 : 100_000));
const CONCURRENCY = 32;
/** Requests of one turn over HTTP. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
/**
 * Untimed requests before each turn. The peer's text search reads thousands of index pages
 * per request and leaves the database's shared buffers cold for whoever comes next.
 */
const WARMUP = 300;
/** The old deep page takes seconds; few of them keep the run short. */
const OLD_REQUESTS = 64;
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
  await withDeviceIndexesBuiltAfter(database.db, async () => {
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
  });
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
  const { app, cookies } = await signedInApp(database, admin);
  const [deep] = resultRows<{ name: string; id: number }>(
    await db.execute(`select name, id from devices order by name, id offset ${DEEP - 1} limit 1`),
  );
  const deepCursor = encodeCursor("name", [deep!.name, String(deep!.id)]);

  // A device deep in the table; its serial shares the fleet's prefix, as serials do.
  const serial = String(2_000_000_000 + DEEP + 4_321);
  const search = (text: string): Case["old"] => [
    `(devices.name ilike '%${text}%' or devices.serial ilike '%${text}%' or devices.mac ilike '%${text}%')`,
    "devices.id desc",
    0,
  ];
  const cases: Case[] = [
    {
      name: "device by id",
      url: `/api/devices/${deep!.id}`,
      peer: `/device/${deep!.id}`,
      old: [`devices.id = ${deep!.id}`, "devices.id", 0],
    },
    {
      name: "first page",
      url: "/api/devices?limit=25",
      peer: "/?order=id",
      old: ["true", "devices.id desc", 0],
    },
    {
      name: "sorted by name",
      url: "/api/devices?limit=25&sort=name",
      peer: "/?order=name",
      old: ["true", "devices.name, devices.id desc", 0],
    },
    {
      name: `deep page (row ${DEEP})`,
      url: `/api/devices?limit=25&sort=name&after=${deepCursor}`,
      peer: `/?order=name&after_name=${encodeURIComponent(deep!.name)}&after_id=${deep!.id}`,
      old: ["true", "devices.name, devices.id desc", DEEP],
    },
    {
      name: "search q=device-4999",
      url: "/api/devices?limit=25&q=device-4999",
      peer: "/?q=device-4999",
      old: search("device-4999"),
    },
    {
      name: `search a serial`,
      url: `/api/devices?limit=25&q=${serial}`,
      peer: `/?q=${serial}`,
      old: search(serial),
    },
    {
      name: "online, by model",
      url: "/api/devices?limit=25&status=online&sort=model",
      peer: "/?status=1&order=model",
      old: ["devices.status = 1", "devices.model, devices.id desc", 0],
    },
    {
      name: "50 online, by model",
      url: "/api/devices?limit=50&status=online&sort=model",
      peer: "/?status=1&order=model&limit=50",
      old: ["devices.status = 1", "devices.model, devices.id desc", 0],
    },
  ];

  // BENCH_CASES=search,online runs only the cases whose names contain one of these words.
  const only = process.env.BENCH_CASES?.split(",");
  if (only)
    cases.splice(0, cases.length, ...cases.filter((c) => only.some((w) => c.name.includes(w))));

  const old = new Map<string, number[]>();
  if (process.env.BENCH_OLD !== "0") {
    process.stdout.write(`  old approach (exact count, offset, no sort indexes):\n`);
    for (const index of SORT_INDEXES) {
      await db.execute(`drop index if exists ${index.split(" ")[2]}`);
    }
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
  }

  await measureHttp(app, { cookie: cookieHeader(cookies) }, cases, old);
  // The database's share: the same pages straight through the repository (a pool of ten).
  const scope = { companyPath: "1/", global: true };
  process.stdout.write(`  the repository alone, ${CONCURRENCY} callers in this process:\n`);
  for (const c of cases.filter((c) => c.url.startsWith("/api/devices?"))) {
    const query = deviceListQuerySchema.parse(
      Object.fromEntries(new URLSearchParams(c.url.split("?")[1])),
    );
    const times = await load(async () => {
      await deviceListRepo(db).list(scope, query);
    }, REQUESTS);
    process.stdout.write(
      `    ${c.name.padEnd(26)} p50 ${ms(quantile(times, 0.5))} p99 ${ms(quantile(times, 0.99))} ms\n`,
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
  DATABASE_URL ? "PostgreSQL" : "PGlite (embedded)",
  await openDatabase(DATABASE_URL ? { url: DATABASE_URL } : {}),
);
