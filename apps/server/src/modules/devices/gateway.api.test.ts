import { eq } from "drizzle-orm";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DEVICE_PROTOCOL_VERSION,
  ENROL_PATH,
  downFilter,
  downTopic,
  enrolAnswerSchema,
  upTopic,
} from "@netfleet/contracts/device-protocol";
import { devices } from "../../db/schema";
import { signedInAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";

/**
 * The embedded broker and the gateway with a real MQTT client in the device's place:
 * a device proves itself with its own secret on every connection and reaches only its
 * own topics; what it reports reaches its row.
 */

let t: TestApp;
let company: TestCompany;
let token: string;
let seq = 0;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  company = await factories(t.database.db).company();
  const { agent } = await signedInAgent(t, { company, role: "admin" });
  token = (await agent.get(`/api/companies/${company.id}/enrolment-token`)).json<{
    data: { token: string };
  }>().data.token;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.endAsync(true)));
});
afterAll(() => t.close());

async function enrolled() {
  const n = ++seq;
  const res = await t.app.inject({
    method: "POST",
    url: ENROL_PATH,
    payload: {
      token,
      serial: `2200${process.pid % 1000}${String(n).padStart(4, "0")}`,
      mac: `02:00:00:10:${String(Math.floor(n / 100)).padStart(2, "0")}:${String(n % 100).padStart(2, "0")}`,
      model: "RUTX11",
    },
  });
  return enrolAnswerSchema.parse(res.json<{ data: unknown }>().data);
}

function brokerUrl() {
  return `mqtt://127.0.0.1:${t.app.devices.broker!.port}`;
}

/** Connects like a device; rejects with the broker's refusal. */
async function connect(username: string, password: string, will?: mqtt.IClientOptions["will"]) {
  const client = await mqtt.connectAsync(brokerUrl(), {
    username,
    password,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...(will ? { will } : {}),
  });
  clients.push(client);
  return client;
}

async function statusOf(id: number) {
  await t.app.devices.gateway!.flush();
  const [row] = await t.database.db.select().from(devices).where(eq(devices.id, id));
  return row!;
}

/** Waits until the gateway has written what the device said. */
async function eventually<T>(read: () => Promise<T>, expected: (value: T) => boolean) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (expected(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const status = (online: boolean, firmware?: string) =>
  JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, online, ...(firmware ? { firmware } : {}) });

describe("a device on the embedded broker", () => {
  it("goes online when it says so and offline by its last will", async () => {
    const device = await enrolled();
    const client = await connect(String(device.device_id), device.secret, {
      topic: upTopic(device.device_id, "status"),
      payload: Buffer.from(status(false)),
      qos: 1,
      retain: true,
    });
    await client.publishAsync(
      upTopic(device.device_id, "status"),
      status(true, "RUTX_R_00.07.08"),
      {
        qos: 1,
        retain: true,
      },
    );
    const online = await eventually(
      () => statusOf(device.device_id),
      (row) => row.status === 1,
    );
    expect(online).toMatchObject({ status: 1, firmware: "RUTX_R_00.07.08" });
    expect(online.lastSeenAt).toBeInstanceOf(Date);

    // Gone without a word: the broker publishes its last will.
    client.stream.destroy();
    const offline = await eventually(
      () => statusOf(device.device_id),
      (row) => row.status === 0,
    );
    expect(offline.status).toBe(0);
  });

  it("stays offline after its last will when a heartbeat sent before it arrives late, and comes back by heartbeat when it only fell silent", async () => {
    const device = await enrolled();
    const client = await connect(String(device.device_id), device.secret);
    const topic = (kind: "status" | "telemetry") => upTopic(device.device_id, kind);
    const heartbeat = (signal: number) =>
      client.publishAsync(
        topic("telemetry"),
        JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, at: Math.floor(Date.now() / 1000), signal }),
        { qos: 1 },
      );
    await client.publishAsync(topic("status"), status(true), { qos: 1 });
    await eventually(
      () => statusOf(device.device_id),
      (row) => row.status === 1,
    );
    // The will, then a heartbeat the device sent before it (held behind the gateway's backlog).
    await client.publishAsync(topic("status"), status(false), { qos: 1 });
    await heartbeat(-71);
    const late = await eventually(
      () => statusOf(device.device_id),
      (row) => row.signal === -71,
    );
    expect(late).toMatchObject({ status: 0, signal: -71 });

    // Online again, then silent until the sweep took it offline: its next heartbeat is news.
    await client.publishAsync(topic("status"), status(true), { qos: 1 });
    await eventually(
      () => statusOf(device.device_id),
      (row) => row.status === 1,
    );
    await t.database.db.update(devices).set({ status: 0 }).where(eq(devices.id, device.device_id));
    await heartbeat(-72);
    expect(
      await eventually(
        () => statusOf(device.device_id),
        (row) => row.status === 1,
      ),
    ).toMatchObject({ status: 1, signal: -72 });
  });

  it("is refused without its own secret, whatever it knows of its serial and MAC", async () => {
    const device = await enrolled();
    const other = await enrolled();
    for (const [user, password] of [
      [String(device.device_id), "wrong"],
      [String(device.device_id), other.secret],
      [String(device.device_id), ""],
      ["not-a-device", device.secret],
    ] as const) {
      await expect(connect(user, password), `${user}/${password}`).rejects.toThrow();
    }
    // After a few failures even the right secret waits: guessing is slow.
    for (let i = 0; i < 3; i++) {
      await expect(connect(String(device.device_id), "wrong")).rejects.toThrow();
    }
    await expect(connect(String(device.device_id), device.secret)).rejects.toThrow();
  });

  it("reaches only its own topics", async () => {
    const device = await enrolled();
    const other = await enrolled();
    const client = await connect(String(device.device_id), device.secret);

    const own = await client.subscribeAsync(downFilter(device.device_id));
    expect(own.map((g) => g.qos)).toEqual([0]);
    await expect(client.subscribeAsync(downFilter(other.device_id))).rejects.toThrow();
    await expect(client.subscribeAsync("nf/+/up/+")).rejects.toThrow();

    // Publishing as another device closes the connection; the other device stays as it was.
    const closed = new Promise<void>((resolve) => client.once("close", () => resolve()));
    client.publish(upTopic(other.device_id, "status"), status(true));
    await closed;
    expect((await statusOf(other.device_id)).status).toBe(0);

    const again = await connect(String(device.device_id), device.secret);
    const closedAgain = new Promise<void>((resolve) => again.once("close", () => resolve()));
    again.publish(downTopic(device.device_id, "task"), "{}");
    await closedAgain;
  });

  it("ignores what does not follow the protocol", async () => {
    const device = await enrolled();
    const client = await connect(String(device.device_id), device.secret);
    await client.publishAsync(upTopic(device.device_id, "status"), "not json", { qos: 1 });
    await client.publishAsync(
      upTopic(device.device_id, "status"),
      JSON.stringify({ v: 9, online: true }),
      {
        qos: 1,
      },
    );
    await new Promise((r) => setTimeout(r, 300));
    expect((await statusOf(device.device_id)).status).toBe(0);
  });
});
