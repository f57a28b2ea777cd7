/**
 * The device side under load: a fleet of simulated devices (apps/agent, in this process)
 * against a real server process (`node apps/server/src/main.ts`), on the embedded database
 * and, when a PostgreSQL server is named, on PostgreSQL. Beside it, in the same run and on
 * the same database, a raw baseline: an aedes broker without authentication and a bare
 * mqtt.js subscriber writing telemetry in batched multi-row INSERTs (the gateway's batch
 * sizes), so the ratios show what the server's authentication, validation, state and
 * history cost on top of moving the bytes.
 *
 *   npm run bench:devices                                   10 000 devices, PGlite only
 *   npm run bench:devices -- --devices 1000 --seconds 10    smaller
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:devices
 *   npm run bench:devices -- --postgres postgres://…        also PostgreSQL (a database is
 *                                                           created there and dropped after)
 *   npm run bench:devices -- --postgres postgres://… --postgres-only
 *
 * Phases: enrolment, then every device connecting from its saved identity (timed until
 * all are online), then heartbeats at --rate msg/s for --seconds, then as fast as the
 * broker acknowledges them (each device keeps one QoS 1 heartbeat in flight) for
 * --saturate seconds. Server figures come from its /metrics and /proc/PID; the baseline
 * reports its own counts. Both share two cores with the simulator, which prints its own CPU.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Aedes } from "aedes";
import mqtt from "mqtt";
import { parseTopic } from "@netfleet/contracts/device-protocol";
import type { Fleet } from "../apps/agent/src/fleet";
import { simulate } from "../apps/agent/src/simulate";
import type { SimulatedTraits } from "../apps/agent/src/simulation";
import { openDatabase } from "../apps/server/src/db/client";
import { deviceTelemetry } from "../apps/server/src/db/schema";
import { type DatabaseLocation, onEachDatabase } from "./databases";
import { writeResults } from "./http-turns";
import { cpuSeconds, type IngestCounts, pause, startServer, stopChild } from "./server-process";

const { values: args } = parseArgs({
  options: {
    devices: { type: "string", default: "10000" },
    seconds: { type: "string", default: "30" },
    saturate: { type: "string" },
    rate: { type: "string", default: "1000" },
    postgres: { type: "string" },
    /** Skip the embedded run: PostgreSQL only. */
    "postgres-only": { type: "boolean", default: false },
    // Internal: this file started again as the baseline's subscriber.
    "baseline-subscriber": { type: "string" },
  },
});

const repoRoot = path.resolve(import.meta.dirname, "..");
// ── The baseline's subscriber (a child process) ────────────────────────────────────────

/** The gateway's own limits (device-ingest.ts), so both sides batch alike. */
const BASELINE = { flushRows: 2_000, everyMs: 250, maxPending: 20_000 };

async function baselineSubscriber(target: string) {
  const database = target.startsWith("postgres")
    ? await openDatabase({ url: target })
    : await openDatabase({ dataDir: target });
  const tableRows = async () => {
    const rows = await database.db.$count(deviceTelemetry);
    return Number(rows);
  };
  const rowsBefore = await tableRows();
  const broker = await Aedes.createBroker();
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: "baseline" });

  const counts = { received: 0, rows: 0, shed: 0, held: 0, failed: 0 };
  let pending: (typeof deviceTelemetry.$inferInsert)[] = [];
  let writing: Promise<void> = Promise.resolve();
  let busy = false;
  const flush = () => {
    if (busy || pending.length === 0) return writing;
    busy = true;
    const batch = pending;
    pending = [];
    writing = (async () => {
      for (let i = 0; i < batch.length; i += 1_000) {
        await database.db.insert(deviceTelemetry).values(batch.slice(i, i + 1_000));
      }
      counts.rows += batch.length;
    })().finally(() => (busy = false));
    return writing;
  };
  client.on("message", (topic, payload) => {
    counts.received++;
    const id = parseTopic(topic)?.deviceId;
    if (id === undefined) return;
    if (pending.length >= BASELINE.maxPending) return void counts.shed++;
    const m = JSON.parse(payload.toString()) as Record<string, number | undefined>;
    pending.push({
      deviceId: id,
      at: new Date((m.at ?? Date.now() / 1000) * 1000),
      signal: m.signal,
      temperature: m.temperature,
      sent: m.tx_bytes,
      received: m.rx_bytes,
      latitude: m.latitude,
      longitude: m.longitude,
      cpuLoad: m.cpu_load,
      memoryFree: m.memory_free,
      digitalInput: m.digital_input,
      relayOutput: m.relay_output,
    });
    if (pending.length >= BASELINE.flushRows) void flush();
  });
  await client.subscribeAsync("nf/+/up/telemetry", { qos: 1 });
  const timer = setInterval(() => void flush(), BASELINE.everyMs);

  process.on("message", (message: string) => {
    if (message === "counts") process.send!({ ...counts });
  });
  process.once("SIGTERM", () => {
    clearInterval(timer);
    void (async () => {
      await writing;
      await flush();
      process.send!({ ...counts, rowsBefore, rowsAfter: await tableRows() });
      await client.endAsync(true);
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      server.close();
      await database.close();
      process.exit(0);
    })();
  });
  process.send!({ port, rowsBefore });
}

// ── The measured processes ─────────────────────────────────────────────────────────────

function rssBytes(pid: number): number {
  const kib = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kib ?? 0) * 1024;
}

/** What one side (server or baseline) is, for the phases. */
interface Side {
  pid: number;
  counts(): Promise<IngestCounts>;
}

interface PhaseResult {
  sent: number;
  received: number;
  rows: number;
  shed: number;
  held: number;
  failed: number;
  cpu: number;
  rss: number;
  simulatorCpu: number;
}

async function measure(side: Side, fleet: Fleet<SimulatedTraits>, seconds: number) {
  const before = {
    counts: await side.counts(),
    cpu: cpuSeconds(side.pid),
    own: process.cpuUsage(),
  };
  const sent = fleet.stats().published;
  const t0 = performance.now();
  let rss = 0;
  while (performance.now() - t0 < seconds * 1000) {
    await pause(1_000);
    rss = Math.max(rss, rssBytes(side.pid));
  }
  const after = await side.counts();
  const elapsed = (performance.now() - t0) / 1000;
  const own = process.cpuUsage(before.own);
  const rate = (a: number, b: number) => (a - b) / elapsed;
  return {
    sent: rate(fleet.stats().published, sent),
    received: rate(after.received, before.counts.received),
    rows: rate(after.rows, before.counts.rows),
    shed: rate(after.shed, before.counts.shed),
    held: rate(after.held, before.counts.held),
    failed: after.failed - before.counts.failed,
    cpu: (100 * (cpuSeconds(side.pid) - before.cpu)) / elapsed,
    rss,
    simulatorCpu: (100 * (own.user + own.system)) / 1e6 / elapsed,
  } satisfies PhaseResult;
}

async function startBaseline(target: string) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "bench/devices.ts", "--baseline-subscriber", target],
    { cwd: repoRoot, stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const next = <T>() => new Promise<T>((resolve) => child.once("message", (m) => resolve(m as T)));
  const { port, rowsBefore } = await next<{ port: number; rowsBefore: number }>();
  const side: Side = {
    pid: child.pid!,
    async counts() {
      const answer = next<IngestCounts>();
      child.send("counts");
      return answer;
    },
  };
  return {
    mqttUrl: `mqtt://127.0.0.1:${port}`,
    side,
    rowsBefore,
    async stop() {
      const final = next<IngestCounts & { rowsBefore: number; rowsAfter: number }>();
      child.kill("SIGTERM");
      const counts = await final;
      await stopChild(child);
      return counts;
    },
  };
}

// ── One engine: server, then baseline ──────────────────────────────────────────────────

const DEVICES = Number(args.devices);
const SECONDS = Number(args.seconds);
const SATURATE = Number(args.saturate ?? Math.max(5, Math.round((SECONDS * 2) / 3)));
const RATE = Number(args.rate);

interface SideResult {
  connect: number;
  /** This process's RSS with every device online. */
  simulatorRss: number;
  steady: PhaseResult;
  saturated: PhaseResult;
}

async function runFleet(
  side: Side,
  options: { server: string; token: string; state: string; mqttUrl?: string },
): Promise<SideResult> {
  const t0 = performance.now();
  const fleet = simulate({
    ...options,
    devices: DEVICES,
    interval: DEVICES / RATE,
    seed: 1,
    outages: 0,
    identity: undefined,
  });
  await fleet.until((s) => s.online === DEVICES, 300_000);
  const connect = (performance.now() - t0) / 1000;
  const simulatorRss = process.memoryUsage().rss;
  fleet.setInterval(DEVICES / RATE);
  await pause(1_000);
  const steady = await measure(side, fleet, SECONDS);
  // As fast as the broker acknowledges: one QoS 1 heartbeat in flight per device.
  fleet.saturate(true);
  await pause(1_000);
  const saturated = await measure(side, fleet, SATURATE);
  await fleet.stop();
  return { connect, simulatorRss, steady, saturated };
}

/** Each engine's figures, for bench/results/ingest.json. */
const figures: Record<string, unknown>[] = [];

async function engine(label: string, database: DatabaseLocation) {
  const state = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-bench-")), "fleet.json");
  const server = await startServer(database);
  const serverSide: Side = { pid: server.pid, counts: server.ingest };
  const token = await server.enrolmentToken();
  // The machine's other work competes for the same cores: say how busy it was.
  const load = os.loadavg()[0]!.toFixed(1);
  process.stdout.write(
    `\n${label}: ${DEVICES} devices, ${RATE} msg/s for ${SECONDS} s, saturated for ${SATURATE} s (load average ${load} on ${os.cpus().length} cores)\n`,
  );

  // Enrolment on its own, so that connecting is timed from saved identities on both sides.
  const t0 = performance.now();
  const enrolling = simulate({
    server: server.url,
    token,
    state,
    devices: DEVICES,
    interval: 3_600,
    seed: 1,
    outages: 0,
    identity: undefined,
    enrolConcurrency: 16,
  });
  await enrolling.until((s) => s.enrolled === DEVICES, 600_000);
  const enrolSeconds = (performance.now() - t0) / 1000;
  await enrolling.until((s) => s.online === DEVICES, 300_000);
  await enrolling.stop();
  await pause(2_000);

  const serverResult = await runFleet(serverSide, {
    server: server.url,
    token,
    state,
  });
  await server.stop();

  const baseline = await startBaseline(database.url ?? database.dataDir!);
  const baselineResult = await runFleet(baseline.side, {
    server: server.url,
    token,
    state,
    mqttUrl: baseline.mqttUrl,
  });
  const final = await baseline.stop();
  fs.rmSync(path.dirname(state), { recursive: true, force: true });

  const mb = (bytes: number) => `${Math.round(bytes / 1_048_576)} MB`;
  const n = (value: number) => Math.round(value).toLocaleString("en-US");
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : "-");
  const line = (name: string, s: string, b: string, r = "") =>
    process.stdout.write(
      `  ${name.padEnd(30)} ${s.padStart(14)} ${b.padStart(14)} ${r.padStart(10)}\n`,
    );

  line("", "server", "baseline", "ratio");
  line("enrolment", `${enrolSeconds.toFixed(1)} s`, "-", `${n(DEVICES / enrolSeconds)}/s`);
  line(
    "all connected",
    `${serverResult.connect.toFixed(1)} s`,
    `${baselineResult.connect.toFixed(1)} s`,
    ratio(serverResult.connect, baselineResult.connect),
  );
  for (const [title, key] of [
    [`steady, ${RATE} msg/s offered`, "steady"],
    ["saturated", "saturated"],
  ] as const) {
    const s = serverResult[key];
    const b = baselineResult[key];
    process.stdout.write(`  ${title}\n`);
    line("  sent by the devices /s", n(s.sent), n(b.sent));
    line("  received /s", n(s.received), n(b.received), ratio(s.received, b.received));
    line("  telemetry rows written /s", n(s.rows), n(b.rows), ratio(s.rows, b.rows));
    line("  rows shed /s", n(s.shed), n(b.shed));
    line("  held by the broker /s", n(s.held), "-");
    line("  flushes that failed", n(s.failed), n(b.failed));
    line(
      "  CPU (100% = one core)",
      `${s.cpu.toFixed(0)} %`,
      `${b.cpu.toFixed(0)} %`,
      ratio(s.cpu, b.cpu),
    );
    line(
      "  CPU per 1000 msg/s",
      `${((s.cpu * 1000) / Math.max(1, s.received)).toFixed(1)} %`,
      `${((b.cpu * 1000) / Math.max(1, b.received)).toFixed(1)} %`,
      ratio(s.cpu / Math.max(1, s.received), b.cpu / Math.max(1, b.received)),
    );
    line("  RSS (peak)", mb(s.rss), mb(b.rss), ratio(s.rss, b.rss));
    line(
      "  simulator CPU (this process)",
      `${s.simulatorCpu.toFixed(0)} %`,
      `${b.simulatorCpu.toFixed(0)} %`,
    );
  }
  const per = (side: { cpu: number; received: number }) => side.cpu / Math.max(1, side.received);
  figures.push({
    engine: label,
    devices: DEVICES,
    connect_seconds: { server: serverResult.connect, baseline: baselineResult.connect },
    ...Object.fromEntries(
      (["steady", "saturated"] as const).map((key) => {
        const [s, b] = [serverResult[key], baselineResult[key]];
        return [
          key,
          {
            server: s,
            baseline: b,
            received_ratio: s.received / Math.max(1, b.received),
            rows_ratio: s.rows / Math.max(1, b.rows),
            cpu_per_message_ratio: per(s) / Math.max(1e-9, per(b)),
          },
        ];
      }),
    ),
  });
  process.stdout.write(
    `  device_telemetry rows in the database: ${n(final.rowsBefore)} after the server, ${n(final.rowsAfter - final.rowsBefore)} written by the baseline; simulator RSS with all devices online ${mb(serverResult.simulatorRss)}\n`,
  );
}

if (args["baseline-subscriber"]) await baselineSubscriber(args["baseline-subscriber"]);
else {
  await onEachDatabase({ postgres: args.postgres, postgresOnly: args["postgres-only"] }, engine);
  writeResults("ingest", { rate: RATE, engines: figures });
  process.exit(0);
}
