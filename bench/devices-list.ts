/**
 * How fast the device list answers on the embedded database and on PostgreSQL, through
 * the whole server (app.inject: routing, auth, tenancy filter, serialisation).
 *
 *   npm run bench                       PGlite only
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench   also PostgreSQL (give it an empty database)
 *   BENCH_DEVICES=200000 npm run bench  more rows
 */
import { performance } from "node:perf_hooks";
import { buildApp } from "../apps/server/src/app";
import {
  bootstrapFirstAdmin,
  insertCompany,
  refreshPlannerStatistics,
  syncFixedRoles,
} from "../apps/server/src/db/bootstrap";
import { openDatabase, type Database } from "../apps/server/src/db/client";
import { devices } from "../apps/server/src/db/schema";
import { parseEnv } from "../apps/server/src/env";
import { hashPassword } from "../apps/server/src/modules/accounts/passwords";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 50_000);
const RUNS = 30;

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
  for (let i = 0; i < 20; i++)
    companies.push(await insertCompany(database.db, { name: `Sub ${i}`, parent: root }));
  for (let start = 0; start < DEVICES; start += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, DEVICES - start) }, (_, k) => {
      const n = start + k;
      return {
        companyId: companies[n % companies.length]!.id,
        name: `device-${n}`,
        serial: String(2_000_000_000 + n),
        mac: `02:00:${[24, 16, 8, 0].map((s) => ((n >> s) & 255).toString(16).padStart(2, "0")).join(":")}`,
        model: "RUTX11",
        status: n % 3,
      };
    });
    await database.db.insert(devices).values(rows);
  }
  await refreshPlannerStatistics(database.db);
  return admin!;
}

async function measure(label: string, database: Database) {
  const admin = await fill(database);
  const env = parseEnv({
    LOG_LEVEL: "silent",
    SESSION_SECRET: "bench-secret-bench-secret-bench-secret",
    WEB_DIST_DIR: "/nonexistent",
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
  const cases = {
    "first page": "/api/devices?limit=25",
    "sorted by name": "/api/devices?limit=25&sort=name",
    "deep page": `/api/devices?limit=25&offset=${Math.floor(DEVICES * 0.9)}`,
    "search (q=device-4999)": "/api/devices?limit=25&q=device-4999",
  };
  process.stdout.write(`\n${label}: ${DEVICES} devices\n`);
  for (const [name, url] of Object.entries(cases)) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: "GET", url, cookies });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    const p = (q: number) =>
      times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    process.stdout.write(
      `  ${name.padEnd(26)} median ${p(0.5).padStart(7)} ms   p95 ${p(0.95).padStart(7)} ms\n`,
    );
  }
  await app.close();
  await database.close();
}

await measure("PGlite (embedded)", await openDatabase({}));
if (process.env.BENCH_DATABASE_URL) {
  await measure("PostgreSQL", await openDatabase({ url: process.env.BENCH_DATABASE_URL }));
}
