import { and, eq, inArray } from "drizzle-orm";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEVICE_PROTOCOL_VERSION,
  ENROL_PATH,
  enrolAnswerSchema,
  upTopic,
} from "@netfleet/contracts/device-protocol";
import { hasPermission } from "@netfleet/contracts/permissions";
import { FIXED_ROLE_LIST } from "@netfleet/contracts/roles";
import {
  DEVICE_STATUS_NOT_ACTIVATED,
  type DeviceAdded,
} from "@netfleet/contracts/schemas/device-add";
import type { DeviceListItem } from "@netfleet/contracts/schemas/devices";
import { deviceConnectionAttempts, devices, deviceTags } from "../../db/schema";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";

/**
 *     root ── parent ─┬─ own ── child     the callers sit in `own`
 *                     └─ sibling
 */
let t: TestApp;
let f: ReturnType<typeof factories>;
let parent: TestCompany;
let own: TestCompany;
let child: TestCompany;
let sibling: TestCompany;
let admin: TestAgent;
let seq = 0;

type AddedBody = { success: true; data: DeviceAdded[]; message: string };
type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };
const errorsOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().errors;

/** A serial and MAC no other test (or test file) uses. */
function identity() {
  const n = ++seq;
  return {
    serial: `44${String(process.pid % 10000).padStart(4, "0")}${String(n).padStart(4, "0")}`,
    mac: `02:AD:${String(process.pid % 100).padStart(2, "0")}:00:${String(Math.floor(n / 100)).padStart(2, "0")}:${String(n % 100).padStart(2, "0")}`,
  };
}

async function rowsWithSerials(serials: string[]) {
  return t.database.db.select().from(devices).where(inArray(devices.serial, serials));
}

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  const root = await f.company({ name: "Add Root" });
  parent = await f.company({ name: "Add Parent", parent: root });
  own = await f.company({ name: "Add Own", parent });
  child = await f.company({ name: "Add Child", parent: own });
  sibling = await f.company({ name: "Add Sibling", parent });
  admin = (await signedInAgent(t, { company: own, role: "admin" })).agent;
}, 60_000);
afterAll(() => t.close());

describe("POST /api/devices", () => {
  it("adds devices in the caller's tree as Not Activated, named by serial when unnamed", async () => {
    const tag = await f.tag({ company: own });
    const one = identity();
    const two = identity();
    const res = await admin.post("/api/devices", {
      data: [
        {
          company_id: own.id,
          serial: one.serial,
          mac: one.mac.toLowerCase(),
          name: " Depot ",
          tag_id: [tag.id],
        },
        {
          company_id: child.id,
          device_series: "trb",
          serial: two.serial,
          mac: two.mac.replaceAll(":", ""),
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expectMatchesReference("POST", "/api/devices", 201, res.json());
    const body = res.json<AddedBody>();
    expect(body.message).toBe("2 devices added");
    expect(body.data).toEqual([
      expect.objectContaining({
        name: "Depot",
        serial: one.serial,
        mac: one.mac,
        status: DEVICE_STATUS_NOT_ACTIVATED,
        company_id: own.id,
        company_name: "Add Own",
        model: "",
        tag_id: [tag.id],
      }),
      expect.objectContaining({
        name: two.serial,
        serial: two.serial,
        mac: two.mac,
        model: "TRB",
        company_id: child.id,
        company_name: "Add Child",
        tag_id: [],
      }),
    ]);
    const listed = await admin.get(`/api/devices?q=${one.serial}`);
    expect(listed.json<{ data: DeviceListItem[] }>().data).toEqual([
      expect.objectContaining({ id: body.data[0]!.id, status: DEVICE_STATUS_NOT_ACTIVATED }),
    ]);
    const tagged = await t.database.db
      .select()
      .from(deviceTags)
      .where(eq(deviceTags.deviceId, body.data[0]!.id));
    expect(tagged).toEqual([{ deviceId: body.data[0]!.id, tagId: tag.id }]);
    const [row] = await rowsWithSerials([one.serial]);
    expect(row!.secretHash).toBeNull();
  });

  it("answers a company outside the caller's tree as a missing one, and adds nothing", async () => {
    for (const company of [sibling, parent, { id: 2_147_483_647 }]) {
      const fresh = identity();
      const other = identity();
      const res = await admin.post("/api/devices", {
        data: [
          { company_id: own.id, ...other },
          { company_id: company.id, ...fresh },
        ],
      });
      expect(res.statusCode).toBe(404);
      expect(errorsOf(res)).toEqual([
        { code: "NOT_FOUND", source: "data.1.company_id", message: "No such company." },
      ]);
      expect(await rowsWithSerials([fresh.serial, other.serial])).toEqual([]);
    }
  });

  it("is refused to every role without create_devices and allowed to every role with it", async () => {
    for (const role of FIXED_ROLE_LIST) {
      const { agent } = await signedInAgent(t, { company: own, role: role.name });
      const device = identity();
      const res = await agent.post("/api/devices", { data: [{ company_id: own.id, ...device }] });
      const allowed = hasPermission(role.permissions, "create_devices");
      expect(res.statusCode, role.name).toBe(allowed ? 201 : 403);
      expect(await rowsWithSerials([device.serial]), role.name).toHaveLength(allowed ? 1 : 0);
    }
  });

  it("refuses a serial number or MAC listed twice, pointing at the earlier row", async () => {
    const a = identity();
    const b = identity();
    const res = await admin.post("/api/devices", {
      data: [
        { company_id: own.id, ...a },
        { company_id: own.id, serial: b.serial, mac: b.mac },
        { company_id: own.id, serial: ` ${a.serial}`, mac: identity().mac },
        { company_id: own.id, serial: identity().serial, mac: b.mac.toLowerCase() },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      {
        code: "VALIDATION_FAILED",
        source: "data.2.serial",
        message: `Serial number ${a.serial} is also in row 1`,
      },
      {
        code: "VALIDATION_FAILED",
        source: "data.3.mac",
        message: `MAC address ${b.mac} is also in row 2`,
      },
    ]);
    expect(await rowsWithSerials([a.serial, b.serial])).toEqual([]);
  });

  it("refuses serial numbers registered already, wherever, and adds none of the rows", async () => {
    const mine = await f.device({ company: own, serial: identity().serial });
    const elsewhere = await f.device({ company: sibling, serial: identity().serial });
    const fresh = identity();
    const res = await admin.post("/api/devices", {
      data: [
        { company_id: own.id, serial: elsewhere.serial, mac: identity().mac },
        { company_id: own.id, ...fresh },
        { company_id: own.id, serial: mine.serial, mac: identity().mac },
      ],
    });
    expect(res.statusCode).toBe(409);
    const taken = "A device with this serial number is registered already.";
    expect(errorsOf(res)).toEqual([
      { code: "CONFLICT", source: "data.0.serial", message: taken },
      { code: "CONFLICT", source: "data.2.serial", message: taken },
    ]);
    expect(await rowsWithSerials([fresh.serial])).toEqual([]);
  });

  it("refuses a bad MAC, a missing serial and an overlong name with the row's field", async () => {
    const res = await admin.post("/api/devices", {
      data: [
        { company_id: own.id, ...identity() },
        { company_id: own.id, serial: identity().serial, mac: "00:1E:42:12:34" },
        { company_id: own.id, mac: identity().mac },
        { company_id: own.id, ...identity(), name: "n".repeat(101) },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      {
        code: "VALIDATION_FAILED",
        source: "data.1.mac",
        message: "Enter a MAC address such as 00:1E:42:12:34:56",
      },
      { code: "VALIDATION_FAILED", source: "data.2.serial", message: "Serial number is required" },
      {
        code: "VALIDATION_FAILED",
        source: "data.3.name",
        message: "Name can be at most 100 characters",
      },
    ]);
  });

  it("takes at most 1000 devices at once, and says so", async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      company_id: own.id,
      serial: `9${String(i).padStart(9, "0")}`,
      mac: `02:00:00:00:${String(Math.floor(i / 100)).padStart(2, "0")}:${String(i % 100).padStart(2, "0")}`,
    }));
    const res = await admin.post("/api/devices", { data: rows });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      {
        code: "VALIDATION_FAILED",
        source: "data",
        message: "At most 1000 devices can be added at once; split the list",
      },
    ]);
    const none = await admin.post("/api/devices", { data: [] });
    expect(errorsOf(none)).toEqual([
      { code: "VALIDATION_FAILED", source: "data", message: "Add at least one device" },
    ]);
  });

  it("puts on a device only tags its company's users see", async () => {
    const ownTag = await f.tag({ company: own });
    const childTag = await f.tag({ company: child });
    const siblingTag = await f.tag({ company: sibling });
    const parentTag = await f.tag({ company: parent });
    const refused = [
      { company_id: own.id, tag: siblingTag.id },
      { company_id: own.id, tag: parentTag.id },
      { company_id: child.id, tag: ownTag.id },
      { company_id: own.id, tag: 2_147_483_647 },
    ];
    for (const { company_id, tag } of refused) {
      const device = identity();
      const res = await admin.post("/api/devices", {
        data: [{ company_id, ...device, tag_id: [childTag.id, tag] }],
      });
      expect(res.statusCode, `tag ${tag}`).toBe(422);
      expect(errorsOf(res)).toEqual([
        {
          code: "VALIDATION_FAILED",
          source: "data.0.tag_id",
          message: "This tag is not available to devices of this company.",
        },
      ]);
      expect(await rowsWithSerials([device.serial])).toEqual([]);
    }
    const fine = await admin.post("/api/devices", {
      data: [{ company_id: own.id, ...identity(), tag_id: [ownTag.id, childTag.id, ownTag.id] }],
    });
    expect(fine.statusCode).toBe(201);
  });
});

describe("a device added beforehand, when its agent enrols", () => {
  async function token() {
    const res = await admin.get(`/api/companies/${own.id}/enrolment-token`);
    return res.json<{ data: { token: string } }>().data.token;
  }

  function enrol(body: Record<string, unknown>) {
    return t.app.inject({
      method: "POST",
      url: ENROL_PATH,
      payload: body,
      remoteAddress: "192.0.2.9",
    });
  }

  it("is matched by serial and MAC, then goes Offline and Online as it reports", async () => {
    const device = identity();
    const added = await admin.post("/api/devices", {
      data: [{ company_id: own.id, ...device, name: "Pre-added" }],
    });
    const id = added.json<AddedBody>().data[0]!.id;

    const res = await enrol({ token: await token(), ...device, model: "RUTX11" });
    expect(res.statusCode, res.body).toBe(201);
    const answer = enrolAnswerSchema.parse(res.json<{ data: unknown }>().data);
    expect(answer.device_id).toBe(id);
    const [enrolled] = await rowsWithSerials([device.serial]);
    expect(enrolled).toMatchObject({ id, name: "Pre-added", status: 0, model: "RUTX11" });

    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.devices.broker!.port}`, {
      username: String(id),
      password: answer.secret,
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync(
        upTopic(id, "status"),
        JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, online: true }),
        { qos: 1, retain: true },
      );
      const deadline = Date.now() + 10_000;
      let status = 0;
      while (status !== 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const [row] = await rowsWithSerials([device.serial]);
        status = row!.status;
      }
      expect(status).toBe(1);
    } finally {
      await client.endAsync(true);
    }
  });

  it("is not taken over by the same serial with another MAC, which is recorded as code 7", async () => {
    const device = identity();
    const added = await admin.post("/api/devices", { data: [{ company_id: own.id, ...device }] });
    const id = added.json<AddedBody>().data[0]!.id;
    const res = await enrol({
      token: await token(),
      serial: device.serial,
      mac: identity().mac,
      model: "RUTX11",
    });
    expect(res.statusCode).toBe(409);
    const [row] = await rowsWithSerials([device.serial]);
    expect(row).toMatchObject({ status: DEVICE_STATUS_NOT_ACTIVATED, secretHash: null });
    const attempts = await t.database.db
      .select({ code: deviceConnectionAttempts.code })
      .from(deviceConnectionAttempts)
      .where(and(eq(deviceConnectionAttempts.deviceId, id)));
    expect(attempts).toEqual([{ code: 7 }]);
  });
});
