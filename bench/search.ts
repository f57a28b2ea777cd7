/**
 * How fast the global search answers at 100 000 devices, on the embedded database and on
 * PostgreSQL, through the whole server (app.inject: routing, auth, tenancy filter, trigram
 * search, count, projection, serialisation). Each search sends the console's exact query to
 * every category list, one after another; the figures are per search kind.
 *
 *   npm run bench:search                                   PGlite only
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:search  also PostgreSQL (an empty database)
 *   BENCH_DEVICES=200000 npm run bench:search              more rows
 */
import { performance } from "node:perf_hooks";
import { SEARCH_CATEGORY_DEFINITIONS, SEARCH_QUERY } from "@netfleet/contracts/schemas/search";
import { FIXED_ROLES } from "@netfleet/contracts/roles";
import { refreshPlannerStatistics } from "../apps/server/src/db/bootstrap";
import { openDatabase, type Database } from "../apps/server/src/db/client";
import { devices, tags, users } from "../apps/server/src/db/schema";
import { bootstrapFirstAdmin, syncFixedRoles } from "../apps/server/src/modules/accounts/bootstrap";
import { hashPassword } from "../apps/server/src/modules/accounts/passwords";
import { companiesRepo } from "../apps/server/src/modules/companies/companies.repo";
import { signedInApp } from "./in-process";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const COMPANIES = 200;
const USERS = 5_000;
const TAGS = 2_000;
const SEARCHES = 50;

const sites = ["harbour", "warehouse", "office", "branch", "depot", "plant", "store", "clinic"];
const kinds = ["gw", "router", "ap", "switch", "lte", "modem"];
const firstNames = ["Ona", "Jonas", "Marta", "Lukas", "Ieva", "Tomas", "Rasa", "Paulius"];
const lastNames = ["Kazlauskas", "Petraitė", "Jankauskas", "Stankevičius", "Vasiliauskas"];

/** A small deterministic generator, so every run searches the same texts. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}
const rnd = random(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const hex = (n: number) => n.toString(16).padStart(2, "0").toUpperCase();

const deviceName = (n: number) => `${sites[n % sites.length]}-${kinds[n % kinds.length]}-${n}`;
const serial = (n: number) => String(1_100_000_000 + ((n * 7_919) % 900_000_000));
const mac = (n: number) =>
  `00:1E:42:${[16, 8, 0].map((shift) => hex((n >> shift) & 255)).join(":")}`;

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
  const companies = [root];
  for (let i = 0; i < COMPANIES; i++) {
    const parent = i < 20 ? root : companies[1 + (i % 20)]!;
    companies.push(
      await companiesRepo(database.db).insert({ name: `${pick(sites)} ${i} UAB`, parent }),
    );
  }
  const companyOf = (n: number) => companies[n % companies.length]!.id;
  for (let start = 0; start < DEVICES; start += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, DEVICES - start) }, (_, k) => {
      const n = start + k;
      return {
        companyId: companyOf(n),
        name: deviceName(n),
        serial: serial(n),
        mac: mac(n),
        model: "RUTX11",
        status: n % 3,
      };
    });
    await database.db.insert(devices).values(rows);
  }
  // Users sign in nowhere here: a placeholder hash is enough.
  await database.db.insert(users).values(
    Array.from({ length: USERS }, (_, n) => ({
      email: `${pick(firstNames).toLowerCase()}.${n}@${pick(sites)}.example`,
      username: `user${n}`,
      firstName: pick(firstNames),
      lastName: pick(lastNames),
      companyId: companyOf(n),
      roleId: FIXED_ROLES.end_user.id,
    })),
  );
  await database.db.insert(tags).values(
    Array.from({ length: TAGS }, (_, n) => ({
      companyId: companyOf(n),
      name: `${pick(sites)} ${pick(kinds)} ${n}`,
      color: "#4287f5",
    })),
  );
  await refreshPlannerStatistics(database.db);
  return admin!;
}

/** ~50 search texts per kind, drawn from the rows the database holds. */
function searchTexts(): Record<string, string[]> {
  const n = () => Math.floor(rnd() * DEVICES);
  const slice = (text: string, min: number, max: number) => {
    const length = min + Math.floor(rnd() * (max - min + 1));
    const start = Math.floor(rnd() * Math.max(1, text.length - length + 1));
    return text.slice(start, start + length);
  };
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const times = (make: () => string) => Array.from({ length: SEARCHES }, make);
  return {
    "substring, 3+ characters": times(() => slice(deviceName(n()), 3, 8)),
    "short, 1-2 characters": times(() => slice(alphabet, 1, 2)),
    "serial fragment": times(() => slice(serial(n()), 5, 8)),
    // Every MAC starts with the vendor's 00:1E:42, which matches all devices: people type
    // the part that tells devices apart.
    "MAC fragment": times(() => slice(mac(n()).slice(9), 5, 8)),
    "no match": times(() => `qzx${Math.floor(rnd() * 1000)}`),
  };
}

const consoleQuery = (q: string) =>
  new URLSearchParams({
    q,
    limit: "10",
    "search-fields": SEARCH_QUERY.searchFields.join(","),
    fields: SEARCH_QUERY.fields.join(","),
  }).toString();

const endpoints = Object.values(SEARCH_CATEGORY_DEFINITIONS).flatMap((c) =>
  c.endpoint ? [`/api${c.endpoint}`] : [],
);

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const p = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `p50 ${p(0.5).padStart(7)} ms  p95 ${p(0.95).padStart(7)} ms`;
}

async function measure(label: string, database: Database) {
  const admin = await fill(database);
  const { app, cookies } = await signedInApp(database, admin);
  const get = async (url: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: "GET", url, cookies });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return performance.now() - t0;
  };

  process.stdout.write(
    `\n${label}: ${DEVICES} devices, ${COMPANIES + 1} companies, ${USERS + 1} users, ${TAGS} tags; ${SEARCHES} searches per kind\n`,
  );
  process.stdout.write(
    `  ${"kind".padEnd(26)} ${"GET /api/devices".padEnd(33)} all ${endpoints.length} categories, one after another\n`,
  );
  for (const [kind, texts] of Object.entries(searchTexts())) {
    const deviceTimes: number[] = [];
    const totalTimes: number[] = [];
    for (const q of texts) {
      let total = 0;
      for (const endpoint of endpoints) {
        const ms = await get(`${endpoint}?${consoleQuery(q)}`);
        if (endpoint === "/api/devices") deviceTimes.push(ms);
        total += ms;
      }
      totalTimes.push(total);
    }
    process.stdout.write(
      `  ${kind.padEnd(26)} ${percentiles(deviceTimes)}   ${percentiles(totalTimes)}\n`,
    );
  }
  // The console's search-fields (name,email) leave serials and MACs out; the device list's
  // own search box matches all three.
  const all = searchTexts();
  for (const kind of ["serial fragment", "MAC fragment", "short, 1-2 characters"]) {
    const times: number[] = [];
    for (const q of all[kind]!)
      times.push(await get(`/api/devices?limit=10&q=${encodeURIComponent(q)}`));
    process.stdout.write(`  ${`${kind}, all device fields`.padEnd(40)} ${percentiles(times)}\n`);
  }
  await app.close();
  await database.close();
}

await measure("PGlite (embedded)", await openDatabase({}));
if (process.env.BENCH_DATABASE_URL) {
  await measure("PostgreSQL", await openDatabase({ url: process.env.BENCH_DATABASE_URL }));
}
