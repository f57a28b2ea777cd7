import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { MqttClient } from "mqtt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_PROTOCOL_VERSION, upTopic } from "@netfleet/contracts/device-protocol";
import { deviceEvents, deviceTelemetry, devices } from "../../db/schema";
import { signedInAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories } from "../../test/factories";
import { deviceHistoryRepo } from "./device-history.repo";
import {
  closeAll,
  connectDevice,
  enrol,
  enrolmentToken,
  eventually,
  metric,
  statusMessage,
  telemetryMessage,
} from "./devices-test-kit";

/**
 * Device traffic past the broker, with real MQTT clients in the devices' place: history,
 * activity, silent devices, partitions, and what the gateway does when the database falls
 * behind.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  // Sweeps every second, so that a silent device is noticed within the test.
  t = await buildTestApp({ DEVICE_SWEEP_SECONDS: "1" });
  const company = await factories(t.database.db).company();
  const { agent } = await signedInAgent(t, { company, role: "admin" });
  token = await enrolmentToken(agent, company.id);
});
afterEach(closeAll);
afterAll(() => t.close());

async function deviceRow(id: number) {
  const [row] = await t.database.db.select().from(devices).where(eq(devices.id, id));
  return row!;
}

async function activityOf(id: number) {
  return t.database.db
    .select({ type: deviceEvents.type, message: deviceEvents.message })
    .from(deviceEvents)
    .where(eq(deviceEvents.deviceId, id))
    .orderBy(asc(deviceEvents.id));
}

async function online(target: TestApp, client: MqttClient, id: number) {
  await client.publishAsync(upTopic(id, "status"), statusMessage(true), { qos: 1, retain: true });
  await eventually(
    async () => (await target.database.db.select().from(devices).where(eq(devices.id, id)))[0],
    (row) => row?.status === 1,
  );
}

describe("telemetry history", () => {
  it("writes every reading as a history row, in a few batches, along with the device's state", async () => {
    const fleet = await Promise.all([1, 2, 3, 4, 5].map(() => enrol(t, token)));
    const clients = await Promise.all(fleet.map((d) => connectDevice(t, d)));
    const flushesBefore = await metric(t, "netfleet_device_flush_duration_seconds_count");
    const at = Math.floor(Date.now() / 1000) - 60;
    await Promise.all(
      fleet.flatMap((device, i) =>
        Array.from({ length: 100 }, (_, n) =>
          clients[i]!.publishAsync(
            upTopic(device.device_id, "telemetry"),
            telemetryMessage({
              at: at + n,
              signal: -60 - (n % 20),
              temperature: 40.5,
              tx_bytes: 1_000 * n,
              rx_bytes: 2_000 * n,
              operator: "Telia",
              connection_type: "4G",
              cpu_load: 12.5,
            }),
            { qos: 1 },
          ),
        ),
      ),
    );
    const ids = fleet.map((d) => d.device_id);
    const rows = await eventually(
      async () =>
        (
          await t.database.db
            .select({ n: count() })
            .from(deviceTelemetry)
            .where(inArray(deviceTelemetry.deviceId, ids))
        )[0]!.n,
      (n) => n >= 500,
    );
    expect(rows).toBe(500);
    // Far fewer transactions than messages.
    const flushes =
      (await metric(t, "netfleet_device_flush_duration_seconds_count")) - flushesBefore;
    expect(flushes).toBeGreaterThan(0);
    expect(flushes).toBeLessThanOrEqual(100);

    const [last] = await t.database.db
      .select()
      .from(deviceTelemetry)
      .where(
        and(
          eq(deviceTelemetry.deviceId, ids[0]!),
          eq(deviceTelemetry.at, new Date((at + 99) * 1000)),
        ),
      );
    expect(last).toMatchObject({
      signal: -79,
      temperature: 40.5,
      sent: 99_000,
      received: 198_000,
      cpuLoad: 12.5,
    });
    expect(await deviceRow(ids[0]!)).toMatchObject({
      status: 1,
      operator: "Telia",
      connectionType: "4G",
      temperature: 40.5,
    });
    expect(await metric(t, "netfleet_device_messages_received_total", { kind: "telemetry" })).toBe(
      500,
    );
  });

  it("drops whole days past TELEMETRY_RETENTION_DAYS and keeps the days within it", async () => {
    const db = t.database.db;
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    const old = new Date(today - 40 * day);
    const recent = new Date(today - 10 * day);
    const history = deviceHistoryRepo(db);
    await history.ensureTelemetryDays([old, recent]);
    const device = await enrol(t, token);
    const reading = (at: Date) => ({ deviceId: device.device_id, at, signal: -70 });
    await db.insert(deviceTelemetry).values([
      reading(new Date(old.getTime() + 3_600_000)),
      reading(new Date(recent.getTime() + 3_600_000)),
      // A day without a partition: the default partition holds it.
      reading(new Date("2001-01-01T12:00:00Z")),
    ]);

    const dropped = await t.app.devices.traffic.maintain();

    const name = (d: Date) =>
      `device_telemetry_p${d.toISOString().slice(0, 10).replaceAll("-", "")}`;
    expect(dropped).toEqual([name(old)]);
    const days = (await history.telemetryDays()).map((d) => d.name);
    expect(days).not.toContain(name(old));
    for (const kept of [recent, ...[0, 1, 2].map((n) => new Date(today + n * day))])
      expect(days).toContain(name(kept));
    const left = await db
      .select({ at: deviceTelemetry.at })
      .from(deviceTelemetry)
      .where(eq(deviceTelemetry.deviceId, device.device_id));
    expect(left.map((r) => r.at)).toEqual([new Date(recent.getTime() + 3_600_000)]);
  });

  it("makes the other days' partitions when one day's rows already sit in the default partition", async () => {
    const db = t.database.db;
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    const taken = new Date(today + 20 * day);
    const free = new Date(today + 21 * day);
    const device = await enrol(t, token);
    await db.insert(deviceTelemetry).values({ deviceId: device.device_id, at: taken, signal: -70 });

    const history = deviceHistoryRepo(db);
    expect(await history.ensureTelemetryDays([taken, free])).toEqual([
      taken.toISOString().slice(0, 10),
    ]);
    const days = (await history.telemetryDays()).map((d) => d.day.getTime());
    expect(days).toContain(free.getTime());
    expect(days).not.toContain(taken.getTime());
  });
});

describe("device activity", () => {
  it("records connecting, going offline, its last will, and the events a device reports", async () => {
    const device = await enrol(t, token);
    const id = device.device_id;
    const client = await connectDevice(t, device, { will: true });
    await online(t, client, id);

    const refusedBefore = await metric(t, "netfleet_device_messages_refused_total", {
      kind: "event",
    });
    const event = (type: string, message?: string) =>
      client.publishAsync(
        upTopic(id, "event"),
        JSON.stringify({
          v: DEVICE_PROTOCOL_VERSION,
          at: Math.floor(Date.now() / 1000),
          type,
          message,
        }),
        { qos: 1 },
      );
    await event("config_changed", "LAN settings saved");
    // A device may not pass itself off as the server's own entries, nor send odd types.
    await event("connected", "spoofed");
    await event("Not A Type\u0000");
    await eventually(
      () => activityOf(id),
      (rows) => rows.length >= 2,
    );

    await client.publishAsync(upTopic(id, "status"), statusMessage(false), {
      qos: 1,
      retain: true,
    });
    await eventually(
      () => deviceRow(id),
      (row) => row.status === 0,
    );
    await online(t, client, id);
    // Gone without a word: the broker publishes the last will.
    client.stream.destroy();
    await eventually(
      () => deviceRow(id),
      (row) => row.status === 0,
    );

    expect(
      await eventually(
        () => activityOf(id),
        (rows) => rows.length >= 5,
      ),
    ).toEqual([
      { type: "connected", message: "Connected" },
      { type: "config_changed", message: "LAN settings saved" },
      { type: "disconnected", message: "Disconnected" },
      { type: "connected", message: "Connected" },
      { type: "disconnected", message: "Disconnected" },
    ]);
    expect(
      (await metric(t, "netfleet_device_messages_refused_total", { kind: "event" })) -
        refusedBefore,
    ).toBe(2);
  });

  it("counts connected devices and refused connections in /metrics", async () => {
    const device = await enrol(t, token);
    const before = await metric(t, "netfleet_device_connections_refused_total", {
      reason: "credentials",
    });
    await expect(connectDevice(t, { ...device, secret: "wrong" })).rejects.toThrow();
    expect(
      await metric(t, "netfleet_device_connections_refused_total", { reason: "credentials" }),
    ).toBe(before + 1);

    const connected = await metric(t, "netfleet_devices_connected");
    const client = await connectDevice(t, device);
    await online(t, client, device.device_id);
    expect(await metric(t, "netfleet_devices_connected")).toBe(connected + 1);
  });
});

describe("heartbeat timeout", () => {
  it("turns a device offline that has been silent longer than DEVICE_HEARTBEAT_TIMEOUT_SECONDS", async () => {
    const [silent, chatty] = await Promise.all([enrol(t, token), enrol(t, token)]);
    for (const device of [silent, chatty]) {
      const client = await connectDevice(t, device);
      await client.publishAsync(upTopic(device.device_id, "telemetry"), telemetryMessage(), {
        qos: 1,
      });
      await eventually(
        () => deviceRow(device.device_id),
        (row) => row.status === 1,
      );
    }
    // Its last heartbeat four minutes ago, as if the cable had been cut without a last will.
    await t.database.db
      .update(devices)
      .set({ lastSeenAt: sql`now() - interval '4 minutes'` })
      .where(eq(devices.id, silent.device_id));

    const row = await eventually(
      () => deviceRow(silent.device_id),
      (r) => r.status === 0,
    );
    expect(row.status).toBe(0);
    expect(await activityOf(silent.device_id)).toEqual([
      { type: "connected", message: "Connected" },
      { type: "disconnected", message: "No heartbeat for 3 minutes" },
    ]);
    expect((await deviceRow(chatty.device_id)).status).toBe(1);
  });
});

describe("when the database falls behind", () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await buildTestApp({ TELEMETRY_BUFFER_ROWS: "50" });
  });
  afterAll(() => slow.close());

  it("sheds telemetry history past TELEMETRY_BUFFER_ROWS, counts it in /metrics, and still writes the latest state", async () => {
    const company = await factories(slow.database.db).company();
    const { agent } = await signedInAgent(slow, { company, role: "admin" });
    const device = await enrol(slow, await enrolmentToken(agent, company.id));
    const id = device.device_id;
    const client = await connectDevice(slow, device);
    await online(slow, client, id);

    // Another session holds the devices table: every flush waits for it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = slow.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table devices in exclusive mode`);
      holding();
      await released;
    });
    await held;

    for (let n = 1; n <= 300; n++) {
      await client.publishAsync(
        upTopic(id, "telemetry"),
        telemetryMessage({ signal: -1 - (n % 90) }),
        {
          qos: 1,
        },
      );
    }
    await eventually(
      () => metric(slow, "netfleet_device_messages_received_total", { kind: "telemetry" }),
      (n) => n >= 300,
    );
    const shed = await metric(slow, "netfleet_device_history_rows_shed_total", {
      table: "device_telemetry",
    });
    // At most one buffer waits and one batch is stuck in the database: the rest was shed.
    expect(shed).toBeGreaterThanOrEqual(200);
    expect(await metric(slow, "netfleet_device_pending_rows", { buffer: "telemetry" })).toBe(50);

    release();
    await holder;
    await slow.app.devices.traffic.flush();
    await slow.app.devices.traffic.flush();
    const written = await metric(slow, "netfleet_device_history_rows_written_total", {
      table: "device_telemetry",
    });
    expect(written + shed).toBe(300);
    const [stored] = await slow.database.db
      .select({ n: count() })
      .from(deviceTelemetry)
      .where(eq(deviceTelemetry.deviceId, id));
    expect(stored!.n).toBe(written);
    // The state is never shed: the device shows its last reading.
    const [row] = await slow.database.db.select().from(devices).where(eq(devices.id, id));
    expect(row).toMatchObject({ status: 1, signal: -31 });
  });
});
