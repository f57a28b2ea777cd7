import type { AddressInfo } from "node:net";
import mqtt, { type MqttClient } from "mqtt";
import { io, type Socket } from "socket.io-client";
import { eq } from "drizzle-orm";
import {
  DEVICE_PROTOCOL_VERSION,
  ENROL_PATH,
  type EnrolAnswer,
  type TaskMessage,
  type TaskStage,
  downFilter,
  enrolAnswerSchema,
  taskMessageSchema,
  upTopic,
} from "@netfleet/contracts/device-protocol";
import {
  type ChannelEvents,
  type ClientToServerEvents,
  REALTIME_PATH,
  type ServerToClientEvents,
} from "@netfleet/contracts/events";
import { devices } from "../../db/schema";
import type { TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";

/**
 * Devices and browsers for the device side's API tests: devices enrol over HTTP and speak
 * MQTT to the embedded broker like the agent does; browsers open real sockets.
 */

let serials = 0;

/** Enrols a new device with a company's enrolment token. */
export async function enrol(t: TestApp, token: string): Promise<EnrolAnswer> {
  const n = ++serials;
  const res = await t.app.inject({
    method: "POST",
    url: ENROL_PATH,
    payload: {
      token,
      serial: `3300${process.pid % 1000}${String(n).padStart(4, "0")}`,
      mac: `02:00:00:20:${String(Math.floor(n / 100)).padStart(2, "0")}:${String(n % 100).padStart(2, "0")}`,
      model: "RUTX11",
    },
  });
  if (res.statusCode !== 201) throw new Error(`enrolment failed: ${res.statusCode} ${res.body}`);
  return enrolAnswerSchema.parse(res.json<{ data: unknown }>().data);
}

/** The company's enrolment token, read by an agent that may add devices. */
export async function enrolmentToken(agent: TestAgent, companyId: number): Promise<string> {
  const res = await agent.get(`/api/companies/${companyId}/enrolment-token`);
  return res.json<{ data: { token: string } }>().data.token;
}

/** MQTT clients and sockets opened by a test file, closed by `closeAll()`. */
const opened: { close(): Promise<void> | void }[] = [];

export async function closeAll() {
  await Promise.all(
    opened.splice(0).map(async (c) => {
      await c.close();
    }),
  );
}

/** Connects as the device, optionally with the last will the agent leaves. */
export async function connectDevice(
  t: TestApp,
  device: EnrolAnswer,
  options: { will?: boolean } = {},
): Promise<MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.devices.broker!.port}`, {
    username: String(device.device_id),
    password: device.secret,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...(options.will
      ? {
          will: {
            topic: upTopic(device.device_id, "status"),
            payload: Buffer.from(statusMessage(false)),
            qos: 1,
            retain: true,
          },
        }
      : {}),
  });
  opened.push({ close: () => client.endAsync(true) });
  return client;
}

export const statusMessage = (online: boolean) =>
  JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, online });

export const telemetryMessage = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, at: Math.floor(Date.now() / 1000), ...fields });

/** Waits until `read()` gives a value `expected` accepts, for at most 10 s; answers the last value. */
export async function eventually<T>(
  read: () => Promise<T>,
  expected: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (expected(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A device with the agent's habits: it listens for tasks before saying it is online (with
 * `status`, such as its time zone), and answers or reports progress when told. Enrols with
 * a company's token unless given an enrolled device.
 */
export async function scriptedDevice(
  t: TestApp,
  from: string | EnrolAnswer,
  status: Record<string, unknown> = {},
) {
  const answer = typeof from === "string" ? await enrol(t, from) : from;
  const id = answer.device_id;
  const client: MqttClient = await connectDevice(t, answer);
  const tasks: TaskMessage[] = [];
  const waiting: ((task: TaskMessage) => void)[] = [];
  client.on("message", (_topic, payload) => {
    const task = taskMessageSchema.parse(JSON.parse(payload.toString("utf8")));
    tasks.push(task);
    waiting.shift()?.(task);
  });
  await client.subscribeAsync(downFilter(id), { qos: 1 });
  await client.publishAsync(
    upTopic(id, "status"),
    JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, online: true, ...status }),
    { qos: 1, retain: true },
  );
  await eventually(
    async () => (await t.database.db.select().from(devices).where(eq(devices.id, id)))[0]!,
    (row) => row.status === 1,
  );
  const send = (kind: "status" | "task-result" | "task-progress", body: object) =>
    client.publishAsync(
      upTopic(id, kind),
      JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, ...body }),
      { qos: 1, retain: kind === "status" },
    );
  return {
    id,
    client,
    tasks,
    nextTask: () =>
      new Promise<TaskMessage>((resolve) => {
        const already = tasks.shift();
        if (already) resolve(already);
        else waiting.push(resolve);
      }),
    answer: (task: string, ok: boolean, message?: string, firmware?: string) =>
      send("task-result", { id: task, ok, message, firmware }),
    progress: (task: string, stage: TaskStage) => send("task-progress", { id: task, stage }),
    send,
  };
}

export type ScriptedDevice = Awaited<ReturnType<typeof scriptedDevice>>;

/** A TestApp that also listens on a free port, so that real sockets can reach it. */
export async function listeningApp(env: Record<string, string> = {}) {
  const t = await buildTestApp(env);
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, url: `http://127.0.0.1:${port}` };
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A browser's socket, signed in as the agent's user (or a script's, with a personal access
 * token), with what it received per event.
 */
export async function browser(url: string, as: TestAgent | { token: string }) {
  const socket: ClientSocket = io(url, {
    path: REALTIME_PATH,
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    ...("token" in as
      ? { auth: { token: as.token } }
      : { extraHeaders: { cookie: [...as.cookies].map(([k, v]) => `${k}=${v}`).join("; ") } }),
  });
  opened.push({ close: () => void socket.disconnect() });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return {
    socket,
    /** Subscribes; answers true when granted, false when refused. */
    subscribe(channel: string): Promise<boolean> {
      return new Promise((resolve) => {
        const granted = (reply: { channel: string }) => {
          if (reply.channel !== channel) return;
          done(true);
        };
        const refused = (reply: { channel: string }) => {
          if (reply.channel !== channel) return;
          done(false);
        };
        const done = (value: boolean) => {
          socket.off("subscription_succeeded", granted);
          socket.off("subscription_error", refused);
          resolve(value);
        };
        socket.on("subscription_succeeded", granted);
        socket.on("subscription_error", refused);
        socket.emit("subscribe", { channel, data: {} });
      });
    },
    /** Every `event` message from now on, with the channel it came on. */
    collect<E extends keyof ChannelEvents>(event: E) {
      const received: { channel: string; data: ChannelEvents[E] }[] = [];
      (
        socket.on as (
          e: string,
          h: (m: { channel: string; data: ChannelEvents[E] }) => void,
        ) => void
      )(event, (message) => received.push(message));
      return received;
    },
  };
}

/** A value of /metrics (summed over the series `labels` match); 0 when absent. */
export async function metric(
  t: TestApp,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const res = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
  let sum = 0;
  for (const line of res.body.split("\n")) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const series: Record<string, string> = {};
    for (const pair of (match[2] ?? "").split(",")) {
      const label = /^(\w+)="([^"]*)"$/.exec(pair);
      if (label) series[label[1]!] = label[2]!;
    }
    if (Object.entries(labels).every(([k, v]) => series[k] === v)) sum += Number(match[3]);
  }
  return sum;
}
