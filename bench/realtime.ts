/**
 * RT-1: one device event to many browsers. A real server process (bench/server-process.ts)
 * with --sockets socket.io clients signed in as its administrator, each subscribed to the
 * channel the device list listens on (`private-devices.all`), and one device (a plain
 * mqtt.js client speaking the device protocol) going offline and online by its status
 * message, one event at a time. Beside it, in the same run, a peer (bench/realtime-peer.ts):
 * an aedes broker, a plain mqtt.js subscriber and a plain `ws` server broadcasting the same
 * JSON to as many plain `ws` clients. The clients of each side run in processes of their own
 * (bench/realtime-clients.ts), on the second CPU where `taskset` exists; the servers on the first.
 *
 * Measured per socket and event: from the device's publish to the socket's receipt. Also
 * per event: the first socket's receipt (what the server takes before it sends anything)
 * and each socket's receipt after the first (the fan-out). The two sides take turns of
 * --events / --pairs events, --pairs times, who goes first alternating; each event waits a
 * random 0–500 ms after the last one was heard everywhere, so that events meet Netfleet's
 * periodic flushes and pushes at every phase. The ratio printed is the median of the
 * per-pair p99 ratios, with its spread.
 *
 *   npm run bench:realtime                                     PGlite, 2 000 sockets, 50 events
 *   npm run bench:realtime -- --sockets 200 --events 5
 *   BENCH_DATABASE_URL=postgres://…/db npm run bench:realtime  PostgreSQL (an empty database)
 *
 * Figures are also written to bench/results/realtime.json.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import mqtt, { type MqttClient } from "mqtt";
import { DEVICE_PROTOCOL_VERSION, upTopic } from "@netfleet/contracts/device-protocol";
import { ALL_DEVICES_STATUS_CHANNEL } from "@netfleet/contracts/schemas/device-activity";
import { enrol } from "../apps/agent/src/enrol";
import { HttpAgent } from "../apps/server/src/test/server-process";
import type { DatabaseLocation } from "./databases";
import { median, pin, ratioLine, type Spread, spread, writeResults } from "./http-turns";
import type { Arm, ClientsOptions, ClientsReport } from "./realtime-clients";
import type { PeerAddress } from "./realtime-peer";
import { ADMIN, pause, startServer, stopChild } from "./server-process";

const { values: args } = parseArgs({
  options: {
    sockets: { type: "string", default: "2000" },
    /** Events per side, over all its turns. */
    events: { type: "string", default: "50" },
    pairs: { type: "string", default: "5" },
  },
});
const SOCKETS = Number(args.sockets);
const PAIRS = Number(args.pairs);
const PER_TURN = Math.max(1, Math.round(Number(args.events) / PAIRS));
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/** Sockets per client process at most. */
const PER_PROCESS = 500;
/** Untimed events of each side before the turns. */
const WARMUP = 2;
const EVENT_TIMEOUT_MS = 15_000;

const repoRoot = path.resolve(import.meta.dirname, "..");
// CLOCK_MONOTONIC, in ms: the clock the client processes note receipts on.
const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/** What runs until the bench ends, stopped in reverse order, also when it fails. */
const stops: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

/**
 * A child started with `node --import tsx`, on CPU `cpu` when given, with an IPC channel.
 * `env` is added to this process's environment.
 */
function startScript(script: string, env: Record<string, string>, cpu?: number): ChildProcess {
  const command = [process.execPath, "--import", "tsx", path.join("bench", script)];
  const child = spawn(
    cpu === undefined ? command[0]! : "taskset",
    cpu === undefined ? command.slice(1) : ["-c", String(cpu), ...command],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    },
  );
  stops.push(() => stopChild(child));
  return child;
}

/** The next message of a child; rejects when the child fails or exits first. */
function listen<T>(child: ChildProcess) {
  const failed = new Promise<never>((_, reject) => {
    child.on("message", (report: { failed?: string }) => {
      if (report.failed) reject(new Error(report.failed));
    });
    child.once("exit", (code, signal) =>
      reject(new Error(`a bench process exited (${code ?? signal})`)),
    );
  });
  failed.catch(() => undefined);
  return () => Promise.race([new Promise<T>((resolve) => child.once("message", resolve)), failed]);
}

/** One side's browsers: processes of at most PER_PROCESS sockets each. */
async function startClients(
  options: Omit<ClientsOptions, "sockets">,
  pinned: boolean,
): Promise<{ arm(arm: Arm): Promise<void>; receipts(): Promise<number[]> }> {
  const count = Math.ceil(SOCKETS / PER_PROCESS);
  const processes = Array.from({ length: count }, (_, i) => {
    const sockets = Math.floor(SOCKETS / count) + (i < SOCKETS % count ? 1 : 0);
    const child = startScript(
      "realtime-clients.ts",
      { REALTIME_CLIENTS: JSON.stringify({ ...options, sockets } satisfies ClientsOptions) },
      pinned ? 1 : undefined,
    );
    return { child, next: listen<ClientsReport>(child) };
  });
  await Promise.all(processes.map((p) => p.next()));
  return {
    async arm(arm) {
      const armed = Promise.all(processes.map((p) => p.next()));
      for (const p of processes) p.child.send(arm);
      await armed;
    },
    async receipts() {
      const all = Promise.all(processes.map((p) => p.next()));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`not every socket heard an event in ${EVENT_TIMEOUT_MS} ms`)),
          EVENT_TIMEOUT_MS,
        );
      });
      try {
        const reports = (await Promise.race([all, late])) as { receipts: number[] }[];
        return reports.flatMap((r) => r.receipts);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The device's MQTT connection to a broker, as apps/agent opens it. */
async function connectDevice(url: string, id: number, secret: string): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, {
    username: String(id),
    password: secret,
    clientId: `nf-device-${id}`,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  stops.push(() => client.endAsync(true));
  return client;
}

/** The device's status message, retained, as apps/agent publishes it. */
const publishStatus = (device: MqttClient, id: number, online: boolean) =>
  device.publishAsync(
    upTopic(id, "status"),
    JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, online }),
    { qos: 1, retain: true },
  );

interface Side {
  device: MqttClient;
  clients: Awaited<ReturnType<typeof startClients>>;
  online: boolean;
}

/** Per-socket latencies of one status change, in ms. */
async function event(side: Side, deviceId: number): Promise<number[]> {
  const online = !side.online;
  await side.clients.arm({ status: online ? 1 : 0 });
  const heard = side.clients.receipts();
  const sentAt = monotonicMs();
  await publishStatus(side.device, deviceId, online);
  const receipts = await heard;
  side.online = online;
  return receipts.map((at) => at - sentAt);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (ms: number) => Math.round(ms * 100) / 100;

interface Figures {
  p50: number;
  p99: number;
  max: number;
  /** The first socket's receipt, per event: the median. */
  first_p50: number;
  /** A socket's receipt after the event's first: the 99th percentile. */
  fanout_p99: number;
}

/** The latencies of `events` events, with the figures they make. */
function figures(events: number[][]): Figures {
  const all = events.flat().sort((a, b) => a - b);
  const firsts = events.map((e) => Math.min(...e));
  const fanout = events.flatMap((e, i) => e.map((at) => at - firsts[i]!)).sort((a, b) => a - b);
  return {
    p50: round(quantile(all, 0.5)),
    p99: round(quantile(all, 0.99)),
    max: round(all.at(-1)!),
    first_p50: round(median(firsts)),
    fanout_p99: round(quantile(fanout, 0.99)),
  };
}

async function turn(side: Side, deviceId: number, events: number): Promise<number[][]> {
  const latencies: number[][] = [];
  for (let i = 0; i < events; i++) {
    latencies.push(await event(side, deviceId));
    await pause(Math.random() * 500);
  }
  return latencies;
}

async function bench(database: DatabaseLocation, label: string) {
  const pinned = pin();
  const server = await startServer(database);
  stops.push(server.stop);
  const session = new HttpAgent(server.url);
  await session.signIn(ADMIN);
  const enrolled = await enrol(
    { serial: "RT1-BENCH-0001", mac: "00:1E:42:00:00:01", model: "RUTX11" },
    { server: server.url, token: await server.enrolmentToken() },
  );
  const id = enrolled.device_id;

  const peerProcess = startScript("realtime-peer.ts", {});
  const peer = await listen<PeerAddress>(peerProcess)();

  const devices: MqttClient[] = [];
  for (const url of [enrolled.mqtt_url, peer.mqttUrl]) {
    const device = await connectDevice(url, id, enrolled.secret);
    await publishStatus(device, id, true);
    devices.push(device);
  }
  const common = { channel: ALL_DEVICES_STATUS_CHANNEL, deviceId: id };
  const connecting = performance.now();
  const ours: Side = {
    device: devices[0]!,
    online: true,
    clients: await startClients(
      { ...common, kind: "socket.io", url: server.url, cookie: session.cookieHeader() },
      pinned,
    ),
  };
  const theirs: Side = {
    device: devices[1]!,
    online: true,
    clients: await startClients({ ...common, kind: "ws", url: peer.wsUrl, cookie: "" }, pinned),
  };
  const sides = [ours, theirs];
  const connected = ((performance.now() - connecting) / 1000).toFixed(1);

  const load = os.loadavg()[0]!.toFixed(1);
  process.stdout.write(
    `RT-1 on ${label}: a device's status to ${SOCKETS} sockets, ${PAIRS} pairs of ${PER_TURN} events, beside a plain ws broadcast${pinned ? "; servers on CPU 0, clients on CPU 1" : ""} (sockets of both connected in ${connected} s; load average ${load})\n`,
  );
  for (const side of sides) await turn(side, id, WARMUP);

  const turns = { ours: [] as number[][][], theirs: [] as number[][][] };
  const pairs: { netfleet: Figures; peer: Figures }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    if (i % 2 === 1) turns.theirs.push(await turn(theirs, id, PER_TURN));
    turns.ours.push(await turn(ours, id, PER_TURN));
    if (i % 2 === 0) turns.theirs.push(await turn(theirs, id, PER_TURN));
    const pair = { netfleet: figures(turns.ours[i]!), peer: figures(turns.theirs[i]!) };
    pairs.push(pair);
    process.stdout.write(
      `  pair ${i + 1}: p99 ${pair.netfleet.p99.toFixed(1)} ms / ${pair.peer.p99.toFixed(1)} ms\n`,
    );
  }

  const netfleet = figures(turns.ours.flat());
  const bare = figures(turns.theirs.flat());
  const ratio: Spread = spread(pairs.map((p) => p.netfleet.p99 / p.peer.p99));
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  const row = (name: string, f: Figures) =>
    process.stdout.write(
      `  ${name.padEnd(22)}${ms(f.p50)}${ms(f.p99)}${ms(f.max)}${ms(f.first_p50).padStart(19)}${ms(f.fanout_p99).padStart(14)}\n`,
    );
  process.stdout.write(
    `  ${"".padEnd(22)}${"p50".padStart(10)}${"p99".padStart(10)}${"max".padStart(10)}${"first socket p50".padStart(19)}${"fan-out p99".padStart(14)}\n`,
  );
  row("Netfleet (socket.io)", netfleet);
  row("peer (ws)", bare);
  process.stdout.write(
    `  p99 Netfleet / peer: ${ratioLine(ratio)} (median of the pairs, min–max)\n`,
  );

  writeResults("realtime", {
    database: label,
    sockets: SOCKETS,
    events_per_turn: PER_TURN,
    pairs: PAIRS,
    pinned,
    netfleet,
    peer: bare,
    p99_ratio: ratio,
    per_pair: pairs,
  });
}

const dataDir = DATABASE_URL
  ? undefined
  : fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-bench-realtime-"));
if (dataDir) stops.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
try {
  await bench(
    DATABASE_URL ? { url: DATABASE_URL } : { dataDir },
    DATABASE_URL ? "PostgreSQL" : "PGlite",
  );
} finally {
  await cleanUp();
}
process.exit(0);
