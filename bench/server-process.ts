/**
 * The server as the device benchmarks meet it: the compiled server `npm start` runs, in its own
 * process (so its CPU and memory are its own to measure), on the embedded database in
 * `dataDir` or on PostgreSQL at `url`, with a signed-in administrator session, its device
 * ingest counters from /metrics, and the end of an action as its status channel tells it.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { io } from "socket.io-client";
import { WIRE } from "@netfleet/contracts/constants";
import {
  ACTION_STATUS_EVENT,
  type ActionStatusUpdate,
  type ChannelMessage,
  REALTIME_PATH,
} from "@netfleet/contracts/events";
import {
  freePort,
  HttpAgent,
  pause,
  SERVER_ENV,
  serverArgs,
} from "../apps/server/src/test/server-process";
import type { DatabaseLocation } from "./databases";

export { pause };

export const ADMIN = { email: "bench@example.com", password: "Bench-password-1" };

const repoRoot = path.resolve(import.meta.dirname, "..");

/** What the gateway did with device messages so far (counters, not rates). */
export interface IngestCounts {
  received: number;
  rows: number;
  shed: number;
  /** Messages the broker held back until the gateway caught up. */
  held: number;
  /** Flushes the database refused (each loses its batch): anything but 0 is a fault. */
  failed: number;
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds a process used so far (user + system), from /proc/PID/stat. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** Sums a metric's samples whose labels contain `labels`, from Prometheus text. */
export function metric(text: string, name: string, labels = ""): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    if (!line.startsWith(name) || (line[name.length] !== "{" && line[name.length] !== " "))
      continue;
    if (labels && !line.includes(labels)) continue;
    sum += Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return sum;
}

/** The gateway's counters in the server's /metrics text. */
export function ingestCounts(text: string): IngestCounts {
  return {
    received: metric(text, "netfleet_device_messages_received_total", 'kind="telemetry"'),
    rows: metric(text, "netfleet_device_history_rows_written_total", 'table="device_telemetry"'),
    shed: metric(text, "netfleet_device_history_rows_shed_total", 'table="device_telemetry"'),
    held: metric(text, "netfleet_device_messages_held_total"),
    failed: metric(text, "netfleet_device_flush_failures_total"),
  };
}

export async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

export type BenchServer = Awaited<ReturnType<typeof startServer>>;

/** Polls `url`/healthz until it answers 200; throws with `output()` once `child` has exited. */
export async function untilHealthy(url: string, child: ChildProcess, output: () => string) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url} exited:\n${output()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await pause(250);
  }
}

/**
 * Starts the server and waits until /healthz answers. On PostgreSQL uploads go to a
 * temporary directory (the default, ./data, is the repository's); `stop()` removes it.
 * `pinned` runs it on the first CPU (taskset).
 */
export async function spawnServer(database: DatabaseLocation, pinned = false) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const scratch = database.dataDir
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-bench-files-"));
  let output = "";
  const command = [process.execPath, ...serverArgs()];
  const child = spawn(
    pinned ? "taskset" : command[0]!,
    pinned ? ["-c", "0", ...command] : command.slice(1),
    {
      cwd: repoRoot,
      env: {
        ...SERVER_ENV,
        HOST: "127.0.0.1",
        PORT: String(port),
        // Download links in firmware tasks point here.
        PUBLIC_URL: url,
        MQTT_PORT: "0",
        LOG_LEVEL: "warn",
        WEB_DIST_DIR: "/nonexistent",
        NETFLEET_ADMIN_EMAIL: ADMIN.email,
        NETFLEET_ADMIN_PASSWORD: ADMIN.password,
        DATA_DIR: database.dataDir ?? scratch!,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const stop = async () => {
    await stopChild(child);
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await untilHealthy(url, child, () => output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid!, stop };
}

/** Starts the server (spawnServer) and signs the administrator in. */
export async function startServer(database: DatabaseLocation) {
  const { url, pid, stop } = await spawnServer(database);
  const agent = new HttpAgent(url);
  /** The answer's JSON; anything but 2xx throws, with what the server said. */
  const json = async (res: Response, what: string) => {
    const text = await res.text();
    if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : null) as unknown;
  };
  const call = async <T>(method: string, route: string, body?: unknown) =>
    (await json(await agent.request(method, route, body), `${method} ${route}`)) as T;
  const metrics = async () => (await fetch(`${url}/metrics`)).text();
  try {
    await agent.signIn(ADMIN);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url,
    pid,
    call,
    stop,
    /** The server's /metrics, as Prometheus text. */
    metrics,
    ingest: async () => ingestCounts(await metrics()),

    async enrolmentToken(): Promise<string> {
      const user = await call<{ company: { id: number } }>("GET", "/api/user");
      const answer = await call<{ data: { token: string } }>(
        "GET",
        `/api/companies/${user.company.id}/enrolment-token`,
      );
      return answer.data.token;
    },

    /** Uploads a file as the administrator (`POST /api/files`); answers its id. */
    async upload(type: string, name: string, content: Uint8Array<ArrayBuffer>): Promise<number> {
      const form = new FormData();
      form.set("type", type);
      form.set("file", new Blob([content]), name);
      const res = await fetch(`${url}/api/files`, {
        method: "POST",
        headers: {
          cookie: agent.cookieHeader(),
          [WIRE.xsrfHeader]: agent.cookies.get(WIRE.xsrfCookie) ?? "",
        },
        body: form,
      });
      return ((await json(res, "upload")) as { meta: { id: number } }).meta.id;
    },

    /**
     * The action's last word on `channel` (the `meta.channel` its request answered): done,
     * failed, or paused (a rollout past its failure threshold). A listener that joins late
     * is told where the action stands, so subscribing after the answer misses nothing.
     */
    async actionEnd(channel: string, timeoutMs: number): Promise<ActionStatusUpdate> {
      // socket.io gives up connecting after 20 s, and a busy server can keep its event loop
      // away that long: the socket tries again, and subscribes again on each connection.
      const socket = io(url, {
        path: REALTIME_PATH,
        transports: ["websocket"],
        forceNew: true,
        extraHeaders: { cookie: agent.cookieHeader() },
      });
      try {
        return await new Promise<ActionStatusUpdate>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${channel}: no end in ${timeoutMs} ms`)),
            timeoutMs,
          );
          socket.on("connect", () => socket.emit("subscribe", { channel }));
          socket.on("subscription_error", () => reject(new Error(`${channel}: refused`)));
          socket.on(ACTION_STATUS_EVENT, (message: ChannelMessage<ActionStatusUpdate>) => {
            const { status } = message.data;
            if (message.channel !== channel || status === "running" || status === "pending") return;
            clearTimeout(timer);
            resolve(message.data);
          });
        });
      } finally {
        socket.disconnect();
      }
    },
  };
}
