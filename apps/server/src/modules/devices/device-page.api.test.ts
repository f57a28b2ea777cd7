import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toRmsDateTime } from "@netfleet/contracts/dates";
import { upTopic } from "@netfleet/contracts/device-protocol";
import { DEVICE_HISTORY } from "@netfleet/contracts/schemas/device-page";
import {
  deviceEvents,
  deviceTags,
  deviceTelemetry,
  devices,
  rolePermissions,
  roles,
  users,
} from "../../db/schema";
import { signedInAgent, signedInAs, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";
import {
  closeAll,
  connectDevice,
  enrol,
  enrolmentToken,
  eventually,
  telemetryMessage,
} from "./devices-test-kit";

type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };
type Answer<T, M = unknown> = { success: true; data: T; meta: M };

let t: TestApp;
let f: ReturnType<typeof factories>;
let home: TestCompany;
let sibling: TestCompany;
let admin: TestAgent;

/** Whole hours before now, so every reading falls inside the retention window. */
const HOUR = 3_600_000;
const base = new Date(Math.floor(Date.now() / HOUR) * HOUR - 72 * HOUR);
const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
const rms = (date: Date) => encodeURIComponent(toRmsDateTime(date));
const range = (from: Date, to: Date) => `start_date=${rms(from)}&end_date=${rms(to)}`;

type Reading = Omit<typeof deviceTelemetry.$inferInsert, "deviceId">;

async function record(deviceId: number, readings: Reading[]) {
  for (let i = 0; i < readings.length; i += 1000) {
    await t.database.db
      .insert(deviceTelemetry)
      .values(readings.slice(i, i + 1000).map((r) => ({ ...r, deviceId })));
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  const parent = await f.company({ name: "Page Parent" });
  home = await f.company({ name: "Page Home", parent });
  sibling = await f.company({ name: "Page Sibling", parent });
  admin = (await signedInAgent(t, { company: home })).agent;
});
afterAll(async () => {
  await closeAll();
  await t.close();
});

describe("GET /api/devices/{id}", () => {
  it("answers the device with everything it reported, its tags, class and flags", async () => {
    const device = await f.device({ company: home, name: "yard-gw", model: "RUTX11" });
    const tag = await f.tag({ company: home, name: "Yard", color: "#22aa55" });
    await t.database.db.insert(deviceTags).values({ deviceId: device.id, tagId: tag.id });
    const seen = new Date("2026-03-01T10:20:30Z");
    await t.database.db
      .update(devices)
      .set({
        signal: -67,
        temperature: 41.6,
        operator: "Telia",
        connectionType: "4G",
        wanIp: "10.1.2.3",
        latitude: 59.9139,
        longitude: 10.7522,
        altitude: 123.4,
        routerUptime: 3600,
        sent: 1234,
        received: 5678,
        lastSeenAt: seen,
        description: "Behind the gate",
        facts: {
          hostname: "yard",
          kernel: "5.15.0",
          cpu_count: 4,
          interfaces: [{ name: "eth0", mac: "00:1E:42:00:00:01", addresses: ["10.1.2.3/24"] }],
        },
      })
      .where(eq(devices.id, device.id));

    const res = await admin.get(`/api/devices/${device.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer<Record<string, unknown>>>();
    expectMatchesReference("GET", `/api/devices/${device.id}`, 200, body);
    expect(body.data).toMatchObject({
      id: device.id,
      name: "yard-gw",
      serial: device.serial,
      mac: device.mac,
      model: "RUTX11",
      firmware: "RUTX_R_00.07.06.10",
      status: 1,
      company_id: home.id,
      company_name: "Page Home",
      description: "Behind the gate",
      tags: [{ id: tag.id, name: "Yard", color: "#22aa55" }],
      signal: -67,
      temperature: 42,
      operator: "Telia",
      connection_type: "4G",
      wan_ip: "10.1.2.3",
      latitude: 59.9139,
      longitude: 10.7522,
      altitude: 123.4,
      router_uptime: 3600,
      sent: 1234,
      received: 5678,
      last_connection_at: seen.toISOString(),
      device_class: "router",
      device_series: "RUTX",
      has_mobile: true,
      fw_version: "00.07.06.10",
      facts: {
        hostname: "yard",
        kernel: "5.15.0",
        cpu_count: 4,
        interfaces: [{ name: "eth0", mac: "00:1E:42:00:00:01", addresses: ["10.1.2.3/24"] }],
      },
    });
    expect(body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("leaves out what a device never reported, and names a switch's class", async () => {
    const device = await f.device({ company: home, model: "TSW101" });
    const body = (await admin.get(`/api/devices/${device.id}`)).json<
      Answer<Record<string, unknown>>
    >();
    expectMatchesReference("GET", `/api/devices/${device.id}`, 200, body);
    expect(body.data.device_class).toBe("switch");
    for (const key of ["signal", "operator", "facts", "last_connection_at", "description"])
      expect(body.data).not.toHaveProperty(key);
    expect(body.data.latitude).toBeNull();
    expect(body.data.altitude).toBeNull();
  });

  it("answers a device of a sibling company exactly as a missing one", async () => {
    const theirs = await f.device({ company: sibling });
    const outside = await admin.get(`/api/devices/${theirs.id}`);
    const missing = await admin.get("/api/devices/2147483647");
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(missing.json());
  });

  it("refuses a role without view_devices and a token without devices:read", async () => {
    const device = await f.device({ company: home });
    const [role] = await t.database.db
      .insert(roles)
      .values({ name: `tagger-${home.id}`, title: "Tagger", companyId: home.id })
      .returning();
    await t.database.db
      .insert(rolePermissions)
      .values({ roleId: role!.id, permission: "view_tags" });
    const user = await f.user({ company: home });
    await t.database.db.update(users).set({ roleId: role!.id }).where(eq(users.id, user.id));
    const tagger = await signedInAs(t, user);
    for (const path of ["", "/logs", "/locations/history", "/information-history", "/data-usage"]) {
      const refused = await tagger.get(`/api/devices/${device.id}${path}`);
      expect(refused.statusCode, path).toBe(403);
    }

    const token = (
      await admin.post("/account/tokens", { name: "tags only", scopes: ["tags:read"] })
    ).json<{ data: { token: string } }>().data.token;
    const bearer = await new TestAgent(t.app).get(`/api/devices/${device.id}/logs`, {
      authorization: `Bearer ${token}`,
    });
    expect(bearer.statusCode).toBe(403);
    expect(bearer.json<ErrorBody>().errors[0]?.code).toBe("INSUFFICIENT_SCOPE");
  });
});

describe("GET /api/devices/{id}/logs", () => {
  it("pages the activity newest first, with the name of the user who asked", async () => {
    const device = await f.device({ company: home });
    const requester = await f.user({ company: home, firstName: "Grace", lastName: "Hopper" });
    await t.database.db.insert(deviceEvents).values([
      { deviceId: device.id, at: at(0), type: "connected", message: "Connected" },
      {
        deviceId: device.id,
        at: at(5),
        type: "task",
        message: "Reboot requested",
        userId: requester.id,
        taskId: "task-1",
      },
      { deviceId: device.id, at: at(6), type: "task_result", message: "Done", taskId: "task-1" },
      { deviceId: device.id, at: at(7), type: "disconnected", message: "No heartbeat" },
      { deviceId: device.id, at: at(9), type: "config_changed", message: "<b>wan</b> changed" },
    ]);

    const first = await admin.get(`/api/devices/${device.id}/logs?limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json<Answer<Record<string, unknown>[], { total: number }>>();
    expectMatchesReference("GET", `/api/devices/${device.id}/logs`, 200, page);
    expect(page.meta.total).toBe(5);
    expect(page.data.map((e) => e.type)).toEqual(["config_changed", "disconnected"]);
    expect(page.data[0]).toMatchObject({
      company_id: home.id,
      serial: device.serial,
      log: "<b>wan</b> changed",
      created_at: toRmsDateTime(at(9)),
    });

    const rest = (await admin.get(`/api/devices/${device.id}/logs?limit=10&offset=2`)).json<
      Answer<Record<string, unknown>[]>
    >();
    expect(rest.data.map((e) => e.type)).toEqual(["task_result", "task", "connected"]);
    expect(rest.data[1]).toMatchObject({
      user_id: requester.id,
      user_name: "Grace Hopper",
      task_id: "task-1",
    });
    expect(rest.data[2]).not.toHaveProperty("user_id");
  });

  it("keeps only the types asked for", async () => {
    const device = await f.device({ company: home });
    await t.database.db.insert(deviceEvents).values([
      { deviceId: device.id, at: at(0), type: "connected", message: "Connected" },
      { deviceId: device.id, at: at(1), type: "disconnected", message: "Gone" },
      { deviceId: device.id, at: at(2), type: "wan.failover", message: "Backup link" },
    ]);
    const body = (
      await admin.get(`/api/devices/${device.id}/logs?type=connected,wan.failover`)
    ).json<Answer<{ type: string }[], { total: number }>>();
    expect(body.data.map((e) => e.type)).toEqual(["wan.failover", "connected"]);
    expect(body.meta.total).toBe(2);

    const bad = await admin.get(`/api/devices/${device.id}/logs?type=Connected;drop`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json<ErrorBody>().errors[0]?.source).toBe("type");
  });

  it("answers an empty page for a device without activity", async () => {
    const device = await f.device({ company: home });
    const body = (await admin.get(`/api/devices/${device.id}/logs`)).json<
      Answer<unknown[], { total: number }>
    >();
    expect(body).toEqual({ success: true, data: [], meta: { total: 0 } });
  });

  it("answers a device of a sibling company exactly as a missing one", async () => {
    const theirs = await f.device({ company: sibling });
    await t.database.db
      .insert(deviceEvents)
      .values({ deviceId: theirs.id, at: at(0), type: "connected", message: "Connected" });
    const outside = await admin.get(`/api/devices/${theirs.id}/logs`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual((await admin.get("/api/devices/2147483647/logs")).json());
  });
});

describe("a device reporting its position", () => {
  it("answers the altitude it reported on its page and in its track", async () => {
    const device = await enrol(t, await enrolmentToken(admin, home.id));
    const client = await connectDevice(t, device);
    const id = device.device_id;
    await client.publishAsync(
      upTopic(id, "telemetry"),
      telemetryMessage({
        at: Math.floor(Date.now() / 1000) - 60,
        latitude: 54.6872,
        longitude: 25.2797,
        altitude: 131.5,
      }),
      { qos: 1 },
    );
    const page = await eventually(
      async () => (await admin.get(`/api/devices/${id}`)).json<Answer<Record<string, unknown>>>(),
      (answer) => answer.data.latitude !== null,
    );
    expectMatchesReference("GET", `/api/devices/${id}`, 200, page);
    expect(page.data).toMatchObject({ latitude: 54.6872, longitude: 25.2797, altitude: 131.5 });

    const track = (await admin.get(`/api/devices/${id}/locations/history`)).json<
      Answer<unknown[]>
    >();
    expectMatchesReference("GET", `/api/devices/${id}/locations/history`, 200, track);
    expect(track.data).toMatchObject([{ latitude: 54.6872, longitude: 25.2797, altitude: 131.5 }]);
  });
});

describe("GET /api/devices/{id}/locations/history", () => {
  it("answers the positions within the range, oldest first, without repeats", async () => {
    const device = await f.device({ company: home });
    await record(device.id, [
      { at: at(-30), latitude: 1, longitude: 1 },
      { at: at(0), latitude: 54.6872, longitude: 25.2797, altitude: 112.5 },
      { at: at(10), latitude: 54.6872, longitude: 25.2797, altitude: 112.5 },
      { at: at(20), signal: -70 },
      { at: at(30), latitude: 54.7, longitude: 25.3 },
      { at: at(70), latitude: 2, longitude: 2 },
    ]);
    const res = await admin.get(
      `/api/devices/${device.id}/locations/history?${range(at(0), at(60))}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer<unknown[], Record<string, unknown>>>();
    expectMatchesReference("GET", `/api/devices/${device.id}/locations/history`, 200, body);
    expect(body.data).toEqual([
      { latitude: 54.6872, longitude: 25.2797, altitude: 112.5, created_at: toRmsDateTime(at(0)) },
      // A position reported without a height has no altitude, never a null one.
      { latitude: 54.7, longitude: 25.3, created_at: toRmsDateTime(at(30)) },
    ]);
    expect(body.meta).toMatchObject({
      start_date: toRmsDateTime(at(0)),
      end_date: toRmsDateTime(at(60)),
    });
  });

  it("thins a dense track to a bounded number of points", async () => {
    const device = await f.device({ company: home });
    // A reading every 20 s for a day, always on the move.
    await record(
      device.id,
      Array.from({ length: 4320 }, (_, i) => ({
        at: new Date(base.getTime() + i * 20_000),
        latitude: 54 + i / 10_000,
        longitude: 25 + i / 10_000,
      })),
    );
    const body = (
      await admin.get(`/api/devices/${device.id}/locations/history?${range(at(0), at(1440))}`)
    ).json<Answer<{ created_at: string }[], { bucket_seconds: number }>>();
    expect(body.data.length).toBeLessThanOrEqual(DEVICE_HISTORY.maxLocationPoints);
    expect(body.data.length).toBeGreaterThan(DEVICE_HISTORY.maxLocationPoints / 2);
    expect(body.meta.bucket_seconds).toBe(300);
    const times = body.data.map((p) => p.created_at);
    expect([...times].sort()).toEqual(times);
  });

  it("refuses a range that ends before it starts, spans too long, or names no real day", async () => {
    const device = await f.device({ company: home });
    const path = `/api/devices/${device.id}/locations/history`;
    const backwards = await admin.get(`${path}?${range(at(60), at(0))}`);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json<ErrorBody>().errors[0]?.source).toBe("end_date");

    const long = await admin.get(
      `${path}?start_date=2024-01-01%2000:00:00&end_date=2025-06-01%2000:00:00`,
    );
    expect(long.statusCode).toBe(422);
    expect(long.json<ErrorBody>().errors[0]?.source).toBe("end_date");

    for (const value of ["2026-02-30 00:00:00", "yesterday", "0000-01-01 00:00:00"]) {
      const bad = await admin.get(`${path}?start_date=${encodeURIComponent(value)}`);
      expect(bad.statusCode, value).toBe(422);
      expect(bad.json<ErrorBody>().errors[0]?.source).toBe("start_date");
    }

    const future = await admin.get(`${path}?start_date=${rms(new Date(Date.now() + 86_400_000))}`);
    expect(future.statusCode).toBe(422);
  });

  it("answers a device of a sibling company exactly as a missing one", async () => {
    const theirs = await f.device({ company: sibling });
    const outside = await admin.get(`/api/devices/${theirs.id}/locations/history`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(
      (await admin.get("/api/devices/2147483647/locations/history")).json(),
    );
  });
});

describe("GET /api/devices/{id}/information-history", () => {
  it("averages the readings of each bucket, and takes inputs at their highest", async () => {
    const device = await f.device({ company: home });
    await record(device.id, [
      {
        at: at(1),
        signal: -70,
        temperature: 40,
        cpuLoad: 10,
        memoryFree: 1000,
        digitalInput: 0,
        relayOutput: 0,
        sent: 100,
      },
      {
        at: at(3),
        signal: -80,
        temperature: 43,
        cpuLoad: 21,
        memoryFree: 2000,
        digitalInput: 1,
        relayOutput: 0,
        sent: 300,
      },
      { at: at(61), signal: -90 },
    ]);
    const res = await admin.get(
      `/api/devices/${device.id}/information-history?${range(at(0), at(1440))}`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer<Record<string, unknown>[], Record<string, unknown>>>();
    expectMatchesReference("GET", `/api/devices/${device.id}/information-history`, 200, body);
    expect(body.meta).toMatchObject({ bucket_seconds: 300, total: 2 });
    expect(body.data).toEqual([
      {
        device_id: device.id,
        created_at: toRmsDateTime(at(0)),
        signal: -75,
        temperature: 42,
        cpu_load: 15.5,
        memory_free: 1500,
        digital_input: 1,
        relay_output: 0,
        sent: 300,
      },
      { device_id: device.id, created_at: toRmsDateTime(at(60)), signal: -90 },
    ]);
  });

  it("never answers more buckets than a chart draws, whatever the range holds", async () => {
    const device = await f.device({ company: home });
    // A reading every 2 minutes for 7 days.
    await record(
      device.id,
      Array.from({ length: 5040 }, (_, i) => ({
        at: new Date(base.getTime() - 4 * 24 * HOUR + i * 120_000),
        signal: -60 - (i % 30),
      })),
    );
    for (const [hours, step] of [
      [1, 30],
      [24, 300],
      [24 * 7, 3600],
    ] as const) {
      const end = new Date(base.getTime() + 3 * 24 * HOUR);
      const start = new Date(end.getTime() - hours * HOUR);
      const body = (
        await admin.get(`/api/devices/${device.id}/information-history?${range(start, end)}`)
      ).json<Answer<unknown[], { bucket_seconds: number; total: number }>>();
      expect(body.meta.bucket_seconds, `${hours} h`).toBe(step);
      expect(body.data.length).toBeLessThanOrEqual(DEVICE_HISTORY.maxPoints);
      expect(body.data.length).toBe(body.meta.total);
    }
  });

  it("answers the reading at or before a moment with datetime", async () => {
    const device = await f.device({ company: home });
    await record(device.id, [
      { at: at(0), signal: -70 },
      { at: at(10), signal: -71, temperature: 39 },
      { at: at(20), signal: -72 },
    ]);
    const body = (
      await admin.get(`/api/devices/${device.id}/information-history?datetime=${rms(at(15))}`)
    ).json<Answer<Record<string, unknown>[], Record<string, unknown>>>();
    expectMatchesReference("GET", `/api/devices/${device.id}/information-history`, 200, body);
    expect(body.data).toEqual([
      { device_id: device.id, created_at: toRmsDateTime(at(10)), signal: -71, temperature: 39 },
    ]);
    expect(body.meta).toMatchObject({ bucket_seconds: 0, total: 1 });
  });

  it("answers one measurement as text with parameter", async () => {
    const device = await f.device({ company: home });
    await record(device.id, [
      { at: at(1), signal: -70, cpuLoad: 12.5 },
      { at: at(6), temperature: 40 },
      { at: at(11), signal: -72 },
    ]);
    const path = `/api/devices/${device.id}/information-history/parameter`;
    const res = await admin.get(`${path}?parameter=signal&${range(at(0), at(60))}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer<unknown[], { total: number }>>();
    expectMatchesReference("GET", path, 200, body);
    expect(body.data).toEqual([
      { signal: "-70", created_at: toRmsDateTime(at(1)) },
      { signal: "-72", created_at: toRmsDateTime(at(11)) },
    ]);
    expect(body.meta.total).toBe(2);

    const unknown = await admin.get(`${path}?parameter=password`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<ErrorBody>().errors[0]?.source).toBe("parameter");
  });

  it("lists when the device reported, per UTC day, newest first", async () => {
    const device = await f.device({ company: home });
    const day = new Date(Math.floor(base.getTime() / 86_400_000) * 86_400_000);
    const times = [
      new Date(day.getTime() - 86_400_000 + 23 * HOUR + 59_000),
      new Date(day.getTime() + 1_000),
      new Date(day.getTime() + 2 * HOUR),
    ];
    await record(
      device.id,
      times.map((time) => ({ at: time, signal: -70 })),
    );
    const path = `/api/devices/${device.id}/information-history/datetimes`;
    const res = await admin.get(path);
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer<unknown[]>>();
    expectMatchesReference("GET", path, 200, body);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    expect(body.data).toEqual([
      { date: iso(day), times: ["02:00:00", "00:00:01"] },
      { date: iso(times[0]!), times: ["23:00:59"] },
    ]);
  });

  it("answers a device of a sibling company exactly as a missing one", async () => {
    const theirs = await f.device({ company: sibling });
    await record(theirs.id, [{ at: at(1), signal: -70 }]);
    for (const path of [
      "/information-history",
      "/information-history/parameter?parameter=signal",
      "/information-history/datetimes",
    ]) {
      const outside = await admin.get(`/api/devices/${theirs.id}${path}`);
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual((await admin.get(`/api/devices/2147483647${path}`)).json());
    }
  });
});

describe("GET /api/devices/{id}/data-usage", () => {
  it("counts what moved per hour from the counters, a drop counting as a restart", async () => {
    const device = await f.device({ company: home });
    await record(device.id, [
      // The baseline, before the range.
      { at: at(-10), sent: 500, received: 5000 },
      { at: at(10), sent: 1000, received: 6000 },
      { at: at(20), sent: 1500, received: 6500 },
      // The device restarted: its counters began again.
      { at: at(30), sent: 300, received: 200 },
      { at: at(70), sent: 800, received: 1200 },
      { at: at(80), signal: -70 },
    ]);
    const res = await admin.get(`/api/devices/${device.id}/data-usage?${range(at(0), at(180))}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer<unknown[], Record<string, unknown>>>();
    expectMatchesReference("GET", `/api/devices/${device.id}/data-usage`, 200, body);
    expect(body.meta).toMatchObject({ period: "hour" });
    expect(body.data).toEqual([
      { date: toRmsDateTime(at(0)), tx: 500 + 500 + 300, rx: 1000 + 500 + 200 },
      { date: toRmsDateTime(at(60)), tx: 500, rx: 1000 },
    ]);
  });

  it("counts per UTC day over a week, from the first reading when none came before", async () => {
    const device = await f.device({ company: home });
    const day = new Date(Math.floor(base.getTime() / 86_400_000) * 86_400_000);
    const inDay = (days: number, hours: number) =>
      new Date(day.getTime() + days * 86_400_000 + hours * HOUR);
    await record(device.id, [
      { at: inDay(-2, 1), sent: 100, received: 100 },
      { at: inDay(-2, 5), sent: 400, received: 150 },
      { at: inDay(-1, 5), sent: 50, received: 10 },
    ]);
    const body = (
      await admin.get(`/api/devices/${device.id}/data-usage?${range(inDay(-3, 0), inDay(1, 0))}`)
    ).json<Answer<unknown[], Record<string, unknown>>>();
    expect(body.meta).toMatchObject({ period: "day" });
    expect(body.data).toEqual([
      { date: toRmsDateTime(inDay(-2, 0)).slice(0, 10), tx: 300, rx: 50 },
      { date: toRmsDateTime(inDay(-1, 0)).slice(0, 10), tx: 50, rx: 10 },
    ]);
  });

  it("answers nothing for a range without readings", async () => {
    const device = await f.device({ company: home });
    const body = (await admin.get(`/api/devices/${device.id}/data-usage`)).json<
      Answer<unknown[]>
    >();
    expect(body.data).toEqual([]);
  });

  it("answers a device of a sibling company exactly as a missing one", async () => {
    const theirs = await f.device({ company: sibling });
    const outside = await admin.get(`/api/devices/${theirs.id}/data-usage`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual((await admin.get("/api/devices/2147483647/data-usage")).json());
  });
});
