/**
 * Idle memory: the compiled server `npm start` runs, started, migrated, asked /healthz a
 * few times, then left idle; its resident set (VmRSS) beside a peer's in the same run: a
 * bare `node:http` server answering the same /healthz JSON from the same database (a `pg`
 * pool, or PGlite in a directory of its own; bench/peers/bare-health.mjs). On each database
 * the first start of each, which creates or migrates the empty database, is shown apart;
 * then PAIRS restarts of both, side by side, give the median and spread of each and of
 * their ratio. Where `taskset` exists both run on the first CPU.
 *
 *   npm run bench:memory                                             PGlite
 *   BENCH_DATABASE_URL=postgres://…/postgres npm run bench:memory    then PostgreSQL, in a
 *                                                                    database made for the run
 *   BENCH_PAIRS=7 BENCH_IDLE_SECONDS=20 npm run bench:memory
 *
 * Figures are also written to bench/results/memory.json.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { APP_VERSION } from "@netfleet/contracts/constants";
import { freePort } from "../apps/server/src/test/server-process";
import { type DatabaseLocation, onEachDatabase } from "./databases";
import { pause, spawnServer, stopChild, untilHealthy } from "./server-process";

const PAIRS = Number(process.env.BENCH_PAIRS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_SECONDS ?? 10) * 1000;
const PEER = path.join(import.meta.dirname, "peers/bare-health.mjs");

interface Running {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

interface Spread {
  median: number;
  min: number;
  max: number;
}

const pinned = os.availableParallelism() >= 2 && spawnSync("taskset", ["-V"]).status === 0;

/** Resident memory of a process in MB, from /proc/PID/status. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

async function startPeer(database: DatabaseLocation): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const command = [process.execPath, PEER];
  const child = spawn(pinned ? "taskset" : command[0]!, pinned ? ["-c", "0", ...command] : [PEER], {
    env: {
      PORT: String(port),
      VERSION: APP_VERSION,
      ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await untilHealthy(url, child, () => "(the peer's output is above)");
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

/** The process's resident memory after a few /healthz and IDLE_MS of nothing; then stops it. */
async function idleRss(start: () => Promise<Running>): Promise<number> {
  const running = await start();
  try {
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${running.url}/healthz`);
      if (!res.ok) throw new Error(`/healthz answered ${res.status}`);
    }
    await pause(IDLE_MS);
    return rssMb(running.pid);
  } finally {
    await running.stop();
  }
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
}

const mb = (s: Spread) => `${s.median.toFixed(0)} MB (${s.min.toFixed(0)}–${s.max.toFixed(0)})`;

const results: unknown[] = [];
process.stdout.write(
  `Idle RSS after ${IDLE_MS / 1000} s, ${PAIRS} restarts of each${pinned ? ", on CPU 0" : ""}:\n`,
);
await onEachDatabase({ postgres: process.env.BENCH_DATABASE_URL }, async (label, database) => {
  const peerDir = database.dataDir
    ? fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-bench-peer-"))
    : undefined;
  const peerDatabase = peerDir ? { dataDir: peerDir } : database;
  try {
    const netfleet = () => spawnServer(database, pinned);
    const peer = () => startPeer(peerDatabase);
    // The two idle side by side: each one's memory is its own, and a pair takes one wait.
    const pair = async () => {
      const [ours, theirs] = await Promise.all([idleRss(netfleet), idleRss(peer)]);
      return { netfleet: ours, peer: theirs };
    };
    const first = await pair();
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const measured = await pair();
      ours.push(measured.netfleet);
      theirs.push(measured.peer);
    }
    const ratio = spread(ours.map((value, i) => value / theirs[i]!));
    const row = { netfleet: spread(ours), peer: spread(theirs) };
    results.push({ database: label, first_start_mb: first, ...row, ratio });
    process.stdout.write(
      `  ${label.padEnd(18)} Netfleet ${mb(row.netfleet)}   peer ${mb(row.peer)}   ` +
        `ratio ${ratio.median.toFixed(2)} (${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)})   ` +
        `first start (migrating): Netfleet ${first.netfleet.toFixed(0)} MB, peer ${first.peer.toFixed(0)} MB\n`,
    );
  } finally {
    if (peerDir) fs.rmSync(peerDir, { recursive: true, force: true });
  }
});
const out = path.join(import.meta.dirname, "results/memory.json");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ idle_seconds: IDLE_MS / 1000, pairs: PAIRS, pinned, results }, null, 2)}\n`,
);
process.stdout.write(`Written to ${path.relative(process.cwd(), out)}\n`);
