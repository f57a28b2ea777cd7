/**
 * Large actions on the action engine, end to end, against a real server process
 * (`node apps/server/src/main.ts`) with simulated devices (apps/agent, in this process)
 * sending heartbeats the whole time:
 *
 * - a tag assignment over 10 000 devices (`PUT /api/devices/tags/assign` with a filter),
 *   beside its peer on the same database: one `INSERT … SELECT` of the same 10 000
 *   device_tags rows in one transaction;
 * - a firmware rollout to 1 000 simulated devices, which download the file, check it,
 *   install it and reboot onto it (`POST /api/devices/actions`, firmware_upload), beside
 *   its peer: a reboot of the same devices (one MQTT round trip each, no file);
 * - the heartbeat ingest while each runs, beside the same measurement with no action.
 *
 * Each action is timed from its request until its status channel says it ended. 9 000 of
 * the tagged devices are rows written before the server starts; the other 1 000 are the
 * simulated ones.
 *
 *   npm run bench:actions                                 PGlite only
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:actions
 *   npm run bench:actions -- --postgres postgres://…      also PostgreSQL (a database is
 *                                                         created there and dropped after)
 *   npm run bench:actions -- --postgres postgres://… --postgres-only
 *   npm run bench:actions -- --tagged 2000 --devices 200  smaller
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { ActionStatusUpdate } from "@netfleet/contracts/events";
import type { Fleet } from "../apps/agent/src/fleet";
import { simulate } from "../apps/agent/src/simulate";
import type { SimulatedTraits } from "../apps/agent/src/simulation";
import { openDatabase, resultRows } from "../apps/server/src/db/client";
import { companies, devices, tags } from "../apps/server/src/db/schema";
import { bootstrapFirstAdmin, syncFixedRoles } from "../apps/server/src/modules/accounts/bootstrap";
import { hashPassword } from "../apps/server/src/modules/accounts/passwords";
import { type DatabaseLocation, onEachDatabase } from "./databases";
import {
  ADMIN,
  type BenchServer,
  cpuSeconds,
  ingestCounts,
  metric,
  pause,
  startServer,
} from "./server-process";

const { values: args } = parseArgs({
  options: {
    tagged: { type: "string", default: "10000" },
    devices: { type: "string", default: "1000" },
    /** Heartbeats a second the whole simulated fleet sends. */
    rate: { type: "string", default: "1000" },
    /** Seconds of ingest measured with no action running. */
    idle: { type: "string", default: "10" },
    "firmware-kb": { type: "string", default: "1024" },
    postgres: { type: "string" },
    "postgres-only": { type: "boolean", default: false },
  },
});

const TAGGED = Number(args.tagged);
const DEVICES = Number(args.devices);
const RATE = Number(args.rate);
const IDLE = Number(args.idle);
const FIRMWARE_BYTES = Number(args["firmware-kb"]) * 1024;
// Short enough that what the engine adds shows beside what the devices take.
const INSTALL_MS = 1_000;
const REBOOT_MS = 1_000;
const PLAN = { canary_percent: 10, failure_threshold: 10 };
const ACTION_TIMEOUT_MS = 300_000;

if (TAGGED < DEVICES) throw new Error("--tagged counts the simulated devices too");

const open = (at: DatabaseLocation) =>
  openDatabase(at.url ? { url: at.url } : { dataDir: at.dataDir! });

/**
 * Before the server starts: the administrator (as the server would create it), the devices
 * that are only rows, and a tag for the engine and one for the peer.
 */
async function prepare(at: DatabaseLocation) {
  const database = await open(at);
  try {
    await database.migrate();
    await syncFixedRoles(database.db);
    await bootstrapFirstAdmin(database.db, { ...ADMIN, companyName: "Bench", hash: hashPassword });
    const [company] = await database.db.select({ id: companies.id }).from(companies);
    const companyId = company!.id;
    const rows = TAGGED - DEVICES;
    for (let start = 0; start < rows; start += 5_000) {
      await database.db.insert(devices).values(
        Array.from({ length: Math.min(5_000, rows - start) }, (_, k) => {
          const n = start + k;
          const hex = [16, 8, 0].map((s) => ((n >> s) & 255).toString(16).padStart(2, "0"));
          return {
            companyId,
            name: `bench-${n}`,
            serial: String(3_000_000_000 + n),
            mac: `02:BE:00:${hex.join(":")}`.toUpperCase(),
            model: "RUTX11",
          };
        }),
      );
    }
    const made = await database.db
      .insert(tags)
      .values([
        { companyId, name: "engine" },
        { companyId, name: "peer" },
      ])
      .returning({ id: tags.id });
    return { engineTag: made[0]!.id, peerTag: made[1]!.id };
  } finally {
    await database.close();
  }
}

/** The peer of the tag assignment: the same rows the plain way, with the server stopped. */
async function peerTagging(at: DatabaseLocation, tag: number) {
  const database = await open(at);
  try {
    const t0 = performance.now();
    await database.db.transaction(async (tx) => {
      await tx.execute(
        `insert into device_tags (device_id, tag_id) select id, ${tag} from devices`,
      );
    });
    const seconds = (performance.now() - t0) / 1000;
    const counted = await database.db.execute(
      `select count(*)::integer as n from device_tags where tag_id = ${tag}`,
    );
    return { seconds, rows: resultRows<{ n: number }>(counted)[0]!.n };
  } finally {
    await database.close();
  }
}

interface Window {
  seconds: number;
  /** Heartbeats a second: sent by the devices, and written by the server. */
  sent: number;
  written: number;
  /** Heartbeat rows dropped, and messages the broker held back, a second: ingest fell behind. */
  shed: number;
  held: number;
  /** The most telemetry rows waiting in the gateway at any sample. */
  pending: number;
  /** The server's own longest event-loop delay, ms (prom-client's, reset at each scrape). */
  lag: number;
  /** Server CPU, 100 = one core. */
  cpu: number;
}

/** Runs `work` while sampling the server's /metrics every 250 ms; what ingest did meanwhile. */
async function during<T>(
  server: BenchServer,
  fleet: Fleet<SimulatedTraits>,
  work: () => Promise<T>,
): Promise<{ result: T; window: Window }> {
  const before = ingestCounts(await server.metrics());
  const sent = fleet.stats().published;
  const cpu = cpuSeconds(server.pid);
  let pending = 0;
  let lag = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      // A server too busy to answer is sampled again next time.
      const text = await server.metrics().catch(() => "");
      pending = Math.max(pending, metric(text, "netfleet_device_pending_rows", "telemetry"));
      lag = Math.max(lag, 1000 * metric(text, "netfleet_nodejs_eventloop_lag_max_seconds"));
      await pause(250);
    }
  })();
  const t0 = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    running = false;
    await sampling;
  }
  const seconds = (performance.now() - t0) / 1000;
  const after = ingestCounts(await server.metrics());
  const rate = (a: number, b: number) => (a - b) / seconds;
  return {
    result,
    window: {
      seconds,
      sent: rate(fleet.stats().published, sent),
      written: rate(after.rows, before.rows),
      shed: rate(after.shed, before.shed),
      held: rate(after.held, before.held),
      pending,
      lag,
      cpu: (100 * (cpuSeconds(server.pid) - cpu)) / seconds,
    },
  };
}

/** Requests an action and waits for its channel to say it ended. */
async function act(server: BenchServer, method: string, route: string, body: unknown) {
  const answer = await server.call<{ meta: { channel: string } }>(method, route, body);
  return server.actionEnd(answer.meta.channel, ACTION_TIMEOUT_MS);
}

async function engine(label: string, at: DatabaseLocation) {
  const { engineTag, peerTag } = await prepare(at);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-bench-fleet-"));
  const server = await startServer(at);
  let stopFleet = async () => {};
  try {
    // The machine's other work competes for the same cores: say how busy it was.
    const load = os.loadavg()[0]!.toFixed(1);
    process.stdout.write(
      `\n${label}: ${TAGGED.toLocaleString("en-US")} devices, ${DEVICES.toLocaleString("en-US")} of them simulated and sending ${RATE} heartbeats/s in all (load average ${load} on ${os.cpus().length} cores)\n`,
    );
    const t0 = performance.now();
    const fleet = simulate({
      server: server.url,
      token: await server.enrolmentToken(),
      state: path.join(dir, "fleet.json"),
      devices: DEVICES,
      interval: DEVICES / RATE,
      seed: 1,
      outages: 0,
      identity: undefined,
      rebootMs: REBOOT_MS,
      installMs: INSTALL_MS,
      failUpdates: 0,
      enrolConcurrency: 16,
    });
    stopFleet = () => fleet.stop();
    await fleet.until((s) => s.online === DEVICES, 300_000);
    const online = (performance.now() - t0) / 1000;
    await pause(2_000);
    // Between actions: every device back from its reboot, and the backlog written.
    const settle = async () => {
      await fleet.until((s) => s.online === DEVICES, 120_000);
      await pause(2_000);
    };

    const idle = await during(server, fleet, () => pause(IDLE * 1000));
    const tagging = await during(server, fleet, () =>
      act(server, "PUT", "/api/devices/tags/assign", { filter: {}, tag_id: [engineTag] }),
    );
    await settle();
    const fileId = await server.upload(
      "firmware",
      "RUTX_R_00.07.90_WEBUI.bin",
      new Uint8Array(FIRMWARE_BYTES).fill(7),
    );
    // The simulated devices are the online ones: the other rows never connect.
    const rollout = await during(server, fleet, () =>
      act(server, "POST", "/api/devices/actions", {
        action: "firmware_upload",
        filter: { status: "online" },
        file_id: fileId,
        ...PLAN,
      }),
    );
    await settle();
    const reboot = await during(server, fleet, () =>
      act(server, "POST", "/api/devices/actions", {
        action: "reboot",
        filter: { status: "online" },
      }),
    );
    await fleet.stop();
    await server.stop();
    const peer = await peerTagging(at, peerTag);

    report({ online, idle: idle.window, tagging, rollout, reboot, peer });
  } finally {
    await stopFleet();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

type Timed = { result: ActionStatusUpdate; window: Window };

function report(r: {
  online: number;
  idle: Window;
  tagging: Timed;
  rollout: Timed;
  reboot: Timed;
  peer: { seconds: number; rows: number };
}) {
  const out = (line: string) => process.stdout.write(`  ${line}\n`);
  const n = (value: number) => Math.round(value).toLocaleString("en-US");
  const s = (seconds: number) => `${seconds.toFixed(seconds < 1 ? 3 : 1)} s`;
  const columns = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(17) : cell.padStart(10))).join("");
  const row = (name: string, w: Window, u?: ActionStatusUpdate) =>
    out(
      columns([
        name,
        s(w.seconds),
        n(w.sent),
        n(w.written),
        (w.written / Math.max(1, r.idle.written)).toFixed(2),
        n(w.pending),
        `${n(w.lag)} ms`,
        `${n(w.cpu)} %`,
      ]) +
        (u
          ? `   ${n(u.done ?? 0)} done, ${n(u.failed ?? 0)} failed of ${n(u.total ?? 0)}${u.status === "paused" ? ", PAUSED" : ""}`
          : ""),
    );
  out(`simulated devices enrolled and online in ${s(r.online)}`);
  out(columns(["", "time", "sent/s", "rows/s", "vs idle", "backlog", "lag", "CPU"]));
  row("no action", r.idle);
  row("tag assignment", r.tagging.window, r.tagging.result);
  row("firmware rollout", r.rollout.window, r.rollout.result);
  row("reboot", r.reboot.window, r.reboot.result);
  const behind = [r.idle, r.tagging.window, r.rollout.window, r.reboot.window].some(
    (w) => w.shed + w.held > 0,
  );
  out(
    "sent/s: heartbeats the devices sent; rows/s: heartbeat rows the server wrote; vs idle: rows/s" +
      " over the first row's;",
  );
  out(
    "backlog: most rows waiting in the gateway; lag: the server's longest event-loop delay;" +
      ` CPU: the server's, 100 % = one core${behind ? "; INGEST FELL BEHIND: ROWS SHED OR MESSAGES HELD" : ""}`,
  );
  out(
    `tag assignment peer: one INSERT … SELECT of the same ${n(r.peer.rows)} device_tags rows in one transaction, server stopped: ${s(r.peer.seconds)}`,
  );
  out(
    `tag assignment / peer ${(r.tagging.window.seconds / r.peer.seconds).toFixed(0)}×; ` +
      `firmware rollout / reboot ${(r.rollout.window.seconds / r.reboot.window.seconds).toFixed(1)}× ` +
      `(${PLAN.canary_percent} % canary wave, then the rest; ${n(FIRMWARE_BYTES / 1024)} KB file, install ${INSTALL_MS / 1000} s, reboot ${REBOOT_MS / 1000} s)`,
  );
  out(`load average at the end ${os.loadavg()[0]!.toFixed(1)}`);
}

await onEachDatabase({ postgres: args.postgres, postgresOnly: args["postgres-only"] }, engine);
process.exit(0);
