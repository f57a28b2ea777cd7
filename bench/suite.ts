/**
 * `npm run bench`: every benchmark in turn, each beside its peer in the same run, then one
 * table of the ratios they wrote to bench/results/. Each bench runs in its own process,
 * bounded in time; benches that need PostgreSQL get an empty database of their own on the
 * server named by BENCH_POSTGRES_URL (or TEST_DATABASE_URL), dropped after, and are skipped
 * without one.
 *
 *   npm run bench                                    the suite (about 15 minutes)
 *   npm run bench -- --heavy                         the slow variants: the old list approach,
 *                                                    10 000 simulated devices, longer turns
 *   npm run bench -- --only api,realtime             some of them
 *   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *
 * The figures of the last run are in bench/results/suite.json.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import { parseArgs } from "node:util";
import pg from "pg";
import { writeResults } from "./http-turns";

const { values: args } = parseArgs({
  options: { heavy: { type: "boolean", default: false }, only: { type: "string" } },
});
const POSTGRES = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;

interface Step {
  id: string;
  name: string;
  script: string;
  args?: string[];
  env?: Record<string, string>;
  /**
   * Given an empty PostgreSQL database as BENCH_DATABASE_URL; without a server, skipped when
   * required, else run on the embedded database alone.
   */
  postgres?: "required" | "optional";
  /** The server URL (an admin connection) for benches that make their own databases. */
  postgresServer?: boolean;
  minutes: number;
  /** The results files it writes, in bench/results/. */
  results: string[];
}

const steps: Step[] = [
  {
    id: "api",
    name: "API-1 /healthz, beside bare node:http",
    script: "bench/api.ts",
    postgres: "optional",
    minutes: 4,
    results: ["api-postgres"],
  },
  {
    id: "list",
    name: "API-2 device, pages and search at 1 000 000 devices, beside node:http + pg",
    script: "bench/devices-list.ts",
    postgres: "required",
    env: args.heavy ? { BENCH_REQUESTS: "1000" } : { BENCH_REQUESTS: "400", BENCH_OLD: "0" },
    minutes: 12,
    results: ["devices-list-postgresql"],
  },
  {
    id: "embedded",
    name: "API-3 the embedded database, beside the same server on PostgreSQL",
    script: "bench/embedded.ts",
    postgres: "optional",
    env: args.heavy ? {} : { BENCH_SECONDS: "6" },
    minutes: args.heavy ? 12 : 7,
    results: ["embedded"],
  },
  {
    id: "ingest",
    name: "ING-1 device heartbeats through the broker, beside a raw subscriber",
    script: "bench/devices.ts",
    args: args.heavy ? [] : ["--devices", "1000", "--seconds", "8", "--saturate", "8"],
    postgresServer: true,
    minutes: args.heavy ? 15 : 5,
    results: ["ingest"],
  },
  {
    id: "realtime",
    name: "RT-1 one device event to 2 000 browsers, beside a ws broadcast",
    script: "bench/realtime.ts",
    minutes: 4,
    results: ["realtime"],
  },
  {
    id: "frontend",
    name: "FE-1 the console's weight, beside a minimal react-admin app",
    script: "bench/frontend.ts",
    minutes: 6,
    results: ["frontend"],
  },
  {
    id: "lighthouse",
    name: "FE-2 Lighthouse (desktop) on the device list, beside a minimal react-admin app",
    script: "bench/lighthouse.ts",
    minutes: 12,
    results: ["lighthouse"],
  },
  {
    id: "memory",
    name: "Idle memory, beside a bare server",
    script: "bench/memory.ts",
    postgres: "optional",
    minutes: 10,
    results: ["memory"],
  },
];

/** Runs `fn` with an empty database on the PostgreSQL server, dropped after. */
async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  const name = `nf_bench_suite_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(POSTGRES!);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function run(step: Step, env: Record<string, string>): Promise<number | null> {
  const child = spawn(process.execPath, ["--import", "tsx", step.script, ...(step.args ?? [])], {
    stdio: "inherit",
    env: { ...process.env, ...step.env, ...env },
  });
  const timer = setTimeout(() => child.kill("SIGTERM"), step.minutes * 60_000);
  const [code] = (await once(child, "exit")) as [number | null];
  clearTimeout(timer);
  return code;
}

/** The ratios a results file holds, by where they are: any `…ratio…` field, as its median. */
function ratiosIn(value: unknown, at = ""): [string, number][] {
  if (Array.isArray(value))
    return value.flatMap((item: unknown, i) => {
      const named = item as { case?: string; engine?: string } | null;
      const label = named?.case ?? named?.engine ?? String(i);
      return ratiosIn(item, `${at}${label} `);
    });
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]): [string, number][] => {
    if (key.includes("ratio")) {
      const median = typeof inner === "number" ? inner : (inner as { median?: number }).median;
      if (typeof median === "number") return [[`${at}${key}`.trim(), median]];
    }
    return key === "per_pair" ? [] : ratiosIn(inner, `${at}${key}.`.replace(/^\./, ""));
  });
}

const only = args.only?.split(",");
const chosen = steps.filter((s) => !only || only.includes(s.id));
const started = Date.now();
const summary: { step: string; status: string; seconds: number; ratios: [string, number][] }[] = [];
for (const step of chosen) {
  process.stdout.write(`\n=== ${step.name}\n`);
  const began = Date.now();
  if (step.postgres === "required" && !POSTGRES) {
    summary.push({ step: step.name, status: "skipped: no PostgreSQL", seconds: 0, ratios: [] });
    continue;
  }
  const code =
    step.postgres && POSTGRES
      ? await withDatabase((url) => run(step, { BENCH_DATABASE_URL: url }))
      : await run(step, step.postgresServer && POSTGRES ? { TEST_DATABASE_URL: POSTGRES } : {});
  const ratios = step.results.flatMap((name) => {
    const file = `bench/results/${name}.json`;
    if (!fs.existsSync(file) || fs.statSync(file).mtimeMs < began) return [];
    return ratiosIn(JSON.parse(fs.readFileSync(file, "utf8")));
  });
  summary.push({
    step: step.name,
    status: code === 0 ? "done" : `failed (${code ?? "stopped at its time limit"})`,
    seconds: Math.round((Date.now() - began) / 1000),
    ratios,
  });
}

process.stdout.write(
  `\n=== The suite, ${Math.round((Date.now() - started) / 60_000)} min (Netfleet / peer unless named)\n`,
);
for (const s of summary) {
  process.stdout.write(`${s.step}: ${s.status}, ${s.seconds} s\n`);
  for (const [where, ratio] of s.ratios)
    process.stdout.write(`    ${where.padEnd(60)} ${ratio.toFixed(2)}\n`);
}
writeResults("suite", { heavy: args.heavy, steps: summary });
if (summary.some((s) => s.status.startsWith("failed"))) process.exitCode = 1;
