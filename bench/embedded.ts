/**
 * The embedded database under a slow statement. The real server in its own process
 * (bench/server-process.ts) with BENCH_DEVICES devices answers /healthz probes sent at a
 * fixed rate by a load generator in another process: one turn with the server idle, one
 * while a signed-in user keeps asking for a page whose single statement takes a hundred
 * milliseconds or more (SLOW). The ratio printed is loaded p99 / idle p99, per pair of turns: its
 * median and spread. Beside it in the same run, when BENCH_DATABASE_URL names a PostgreSQL
 * server, the same server on PostgreSQL (a database created there for the run, dropped
 * after); the two take their pairs in turns.
 *
 *   npm run bench:embedded                                  PGlite, 100 000 devices
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:embedded
 *   BENCH_SECONDS=10 BENCH_PAIRS=7 npm run bench:embedded
 *
 * Figures are also written to bench/results/embedded.json.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { type DatabaseLocation, withDeviceIndexesBuiltAfter } from "./databases";
import { median, ratioLine, spread, writeResults } from "./http-turns";
import type { BenchServer } from "./server-process";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
/** Probes a second: one every 20 ms, whether or not the last one was answered. */
const RATE = 50;
/**
 * The slow page: counts by status, model and firmware of the devices whose name, serial or
 * MAC holds "evice" (all of them), one grouping-sets statement over the whole table. Its
 * model filter (a model no device has) changes with each request, so that the route's
 * 15-second cache never answers.
 */
const SLOW = (i: number) => `/api/devices/statistics?q=evice&ne:model=none-${i}`;

interface Probe {
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The load generator (this file started again): RATE GETs of /healthz a second. */
async function probe({ port, seconds }: { port: number; seconds: number }) {
  const agent = new http.Agent({ keepAlive: true });
  const times: number[] = [];
  let failed = 0;
  const answers: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < seconds * RATE; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    answers.push(
      new Promise<void>((resolve) => {
        http
          .get({ host: "127.0.0.1", port, path: "/healthz", agent }, (res) => {
            res.resume();
            res.on("end", () => {
              if (res.statusCode !== 200) failed++;
              times.push(performance.now() - sent);
              resolve();
            });
          })
          .on("error", () => {
            failed++;
            resolve();
          });
      }),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  times.sort((a, b) => a - b);
  const result: Probe = {
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    max: times.at(-1)!,
    failed,
  };
  process.stdout.write(JSON.stringify(result));
}

/** One turn of the load generator against `url`. */
async function probeTurn(url: string): Promise<Probe> {
  const port = Number(new URL(url).port);
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      "--probe",
      JSON.stringify({ port, seconds: SECONDS }),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  await once(child, "close");
  const result = JSON.parse(out) as Probe;
  if (result.failed > 0) throw new Error(`${result.failed} probes were not answered 200`);
  return result;
}

/** `measure()` while the administrator asks for SLOW pages one after another. */
async function whileSlow(server: BenchServer, measure: () => Promise<Probe>) {
  let running = true;
  const times: number[] = [];
  const asking = (async () => {
    for (let i = 0; running; i++) {
      const started = performance.now();
      await server.call("GET", SLOW(i));
      times.push(performance.now() - started);
    }
  })();
  try {
    return { probe: await measure(), slow: times };
  } finally {
    running = false;
    await asking;
  }
}

/** A migrated database with the administrator startServer signs in as, and DEVICES devices. */
async function seed(location: DatabaseLocation) {
  const { openDatabase } = await import("../apps/server/src/db/client");
  const { refreshPlannerStatistics } = await import("../apps/server/src/db/bootstrap");
  const { bootstrapFirstAdmin, syncFixedRoles } =
    await import("../apps/server/src/modules/accounts/bootstrap");
  const { hashPassword } = await import("../apps/server/src/modules/accounts/passwords");
  const { ADMIN } = await import("./server-process");
  const database = await openDatabase(location);
  try {
    await database.migrate();
    await syncFixedRoles(database.db);
    await bootstrapFirstAdmin(database.db, { companyName: "Bench", ...ADMIN, hash: hashPassword });
    // Written by the database itself: rows from JavaScript would take minutes.
    await withDeviceIndexesBuiltAfter(database.db, async () => {
      for (let start = 0; start < DEVICES; start += 100_000) {
        await database.db.execute(`
        insert into devices (company_id, name, serial, mac, model, firmware, status)
        select (select min(id) from companies), 'device-' || n, (2000000000 + n)::text,
          '02:00:' || lpad(to_hex(n / 16777216 % 256), 2, '0') || ':' || lpad(to_hex(n / 65536 % 256), 2, '0')
            || ':' || lpad(to_hex(n / 256 % 256), 2, '0') || ':' || lpad(to_hex(n % 256), 2, '0'),
          (array['RUTX11','RUTX50','RUT241','TRB140','TAP100','TSW101','RUTM50','OTD140'])[1 + n % 8],
          case when n % 13 = 0 then null else 'FW_R_00.07.' || lpad((n % 12)::text, 2, '0') end,
          (array[0, 1, 1, 2, 5])[1 + n % 5]
        from generate_series(${start}, ${Math.min(DEVICES, start + 100_000) - 1}) as n`);
      }
    });
    await refreshPlannerStatistics(database.db);
  } finally {
    await database.close();
  }
}

interface Side {
  engine: string;
  server: BenchServer;
  pairs: { idle: Probe; loaded: Probe; ratio: number; slow_ms: number; slow_requests: number }[];
}

const ms = (value: number) => value.toFixed(1).padStart(7);

async function main() {
  const { startServer } = await import("./server-process");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-bench-embedded-"));
  const admin = process.env.BENCH_DATABASE_URL;
  const name = `nf_bench_embedded_${process.pid}`;
  const client = admin ? new pg.Client({ connectionString: admin }) : undefined;
  const sides: Side[] = [];
  try {
    const locations: [string, DatabaseLocation][] = [["PGlite", { dataDir }]];
    if (client) {
      await client.connect();
      await client.query(`create database ${name}`);
      const url = new URL(admin!);
      url.pathname = `/${name}`;
      locations.push(["PostgreSQL", { url: url.toString() }]);
    }
    for (const [engine, location] of locations) {
      const started = performance.now();
      await seed(location);
      process.stdout.write(
        `${engine}: ${DEVICES} devices seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
      );
      sides.push({ engine, server: await startServer(location), pairs: [] });
    }
    process.stdout.write(
      `${PAIRS} pairs of ${SECONDS} s turns, ${RATE} probes of /healthz a second; slow page ${SLOW(0)}:\n`,
    );
    for (let pair = 0; pair < PAIRS; pair++) {
      for (const side of pair % 2 === 0 ? sides : [...sides].reverse()) {
        const idle = await probeTurn(side.server.url);
        const loaded = await whileSlow(side.server, () => probeTurn(side.server.url));
        const ratio = loaded.probe.p99 / idle.p99;
        side.pairs.push({
          idle,
          loaded: loaded.probe,
          ratio,
          slow_ms: median(loaded.slow),
          slow_requests: loaded.slow.length,
        });
        process.stdout.write(
          `  ${side.engine.padEnd(10)} idle p50 ${ms(idle.p50)} p99 ${ms(idle.p99)} ms   ` +
            `slow page running: p50 ${ms(loaded.probe.p50)} p99 ${ms(loaded.probe.p99)} max ${ms(loaded.probe.max)} ms   ` +
            `p99 ratio ${ratio.toFixed(2)}   (${loaded.slow.length} slow pages, ${median(loaded.slow).toFixed(0)} ms each)\n`,
        );
      }
    }
    const results = sides.map((side) => ({
      engine: side.engine,
      idle_p99: median(side.pairs.map((p) => p.idle.p99)),
      loaded_p99: median(side.pairs.map((p) => p.loaded.p99)),
      p99_ratio: spread(side.pairs.map((p) => p.ratio)),
      slow_ms: median(side.pairs.map((p) => p.slow_ms)),
      pairs: side.pairs,
    }));
    process.stdout.write("/healthz p99 with the slow page running / idle, median (spread):\n");
    for (const r of results) {
      process.stdout.write(
        `  ${r.engine.padEnd(10)} ${ratioLine(r.p99_ratio)}   idle p99 ${r.idle_p99.toFixed(1)} ms, loaded p99 ${r.loaded_p99.toFixed(1)} ms, slow page ${r.slow_ms.toFixed(0)} ms\n`,
      );
    }
    writeResults("embedded", {
      devices: DEVICES,
      seconds: SECONDS,
      rate: RATE,
      slow_page: SLOW(0),
      results,
    });
  } finally {
    for (const side of sides) await side.server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (client) {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    }
  }
}

const probing = process.argv.indexOf("--probe");
if (probing >= 0)
  await probe(JSON.parse(process.argv[probing + 1]!) as { port: number; seconds: number });
else await main();
