import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENROL_PATH, enrolAnswerSchema } from "@netfleet/contracts/device-protocol";
import { deviceConnectionAttempts, devices } from "../../db/schema";
import { hashSecret } from "../../lib/secrets";
import type { TestAgent } from "../../test/agent";
import { signedInAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";

let t: TestApp;
let root: TestCompany;
let own: TestCompany;
let sibling: TestCompany;
let admin: TestAgent;
let token: string;
let seq = 0;

/** A serial and MAC no other test uses. */
function identity() {
  const n = ++seq;
  return {
    serial: `110${process.pid % 1000}${String(n).padStart(5, "0")}`,
    mac: `00:1E:42:00:${String(Math.floor(n / 100)).padStart(2, "0")}:${String(n % 100).padStart(2, "0")}`,
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  root = await f.company();
  own = await f.company({ parent: root });
  sibling = await f.company({ parent: root });
  ({ agent: admin } = await signedInAgent(t, { company: own, role: "admin" }));
  token = (await admin.get(`/api/companies/${own.id}/enrolment-token`)).json<{
    data: { token: string };
  }>().data.token;
});
afterAll(() => t.close());

/** A device calls from its own address, with no cookies. */
function enrol(body: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: ENROL_PATH,
    payload: body,
    remoteAddress: "192.0.2.7",
  });
}

async function deviceRow(id: number) {
  const [row] = await t.database.db.select().from(devices).where(eq(devices.id, id));
  return row!;
}

describe("the enrolment token", () => {
  it("is shown again unchanged, and replacing it stops the old one at once", async () => {
    const again = await admin.get(`/api/companies/${own.id}/enrolment-token`);
    expect(again.json<{ data: { token: string } }>().data.token).toBe(token);

    const { agent } = await signedInAgent(t, { company: own, role: "admin" });
    const old = (await agent.get(`/api/companies/${own.id}/enrolment-token`)).json<{
      data: { token: string };
    }>().data.token;
    const child = await factories(t.database.db).company({ parent: own });
    const before = (await agent.get(`/api/companies/${child.id}/enrolment-token`)).json<{
      data: { token: string };
    }>().data.token;
    expect(before).not.toBe(old);

    const rotated = await agent.post(`/api/companies/${child.id}/enrolment-token`, {});
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json<{ data: { token: string } }>().data.token;
    expect(fresh).not.toBe(before);
    expect((await enrol({ token: before, ...identity(), model: "RUTX11" })).statusCode).toBe(401);
    expect((await enrol({ token: fresh, ...identity(), model: "RUTX11" })).statusCode).toBe(201);
  });

  it("is refused to users who may not add devices", async () => {
    const { agent } = await signedInAgent(t, { company: own, role: "read_only" });
    const res = await agent.get(`/api/companies/${own.id}/enrolment-token`);
    expect(res.statusCode).toBe(403);
  });
});

describe("enrolling a device", () => {
  it("creates an unknown device in the token's company with a secret kept only as a hash", async () => {
    const id = identity();
    const res = await enrol({ token, ...id, model: "RUTX11", firmware: "RUTX_R_00.07.06.10" });
    expect(res.statusCode).toBe(201);
    const { data } = res.json<{ data: unknown }>();
    const answer = enrolAnswerSchema.parse(data);
    expect(answer.secret.length).toBeGreaterThanOrEqual(40);
    // The broker on the host the device enrolled at, with the port it listens on.
    expect(answer.mqtt_url).toBe(`mqtt://localhost:${t.app.devices.broker!.port}`);

    const row = await deviceRow(answer.device_id);
    expect(row).toMatchObject({
      companyId: own.id,
      serial: id.serial,
      mac: id.mac,
      model: "RUTX11",
      firmware: "RUTX_R_00.07.06.10",
      status: 0,
      secretHash: hashSecret(answer.secret),
    });
    expect(row.enrolledAt).toBeInstanceOf(Date);
    // The new device is the company's: its administrator's list shows it.
    const list = await admin.get(`/api/devices?q=${id.serial}`);
    expect(list.json<{ data: { id: number }[] }>().data.map((d) => d.id)).toEqual([
      answer.device_id,
    ]);
  });

  it("matches a device the company added beforehand by serial and MAC", async () => {
    const id = identity();
    const added = await factories(t.database.db).device({ company: own, ...id, status: 3 });
    const res = await enrol({ token, ...id, mac: id.mac.toLowerCase(), model: "RUT241" });
    expect(res.statusCode).toBe(201);
    const answer = enrolAnswerSchema.parse(res.json<{ data: unknown }>().data);
    expect(answer.device_id).toBe(added.id);
    const row = await deviceRow(added.id);
    expect(row.status).toBe(0);
    expect(row.secretHash).toBe(hashSecret(answer.secret));

    // Enrolling again (a reset device) issues a new secret; the old one is void.
    const again = enrolAnswerSchema.parse(
      (await enrol({ token, ...id, model: "RUT241" })).json<{ data: unknown }>().data,
    );
    expect(again.secret).not.toBe(answer.secret);
    expect((await deviceRow(added.id)).secretHash).toBe(hashSecret(again.secret));
  });

  it("refuses a registered serial with another MAC and records attempt code 7", async () => {
    const id = identity();
    const added = await factories(t.database.db).device({ company: own, ...id });
    const res = await enrol({
      token,
      serial: id.serial,
      mac: "02:00:00:00:00:01",
      model: "RUT241",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errors: [{ code: "CONFLICT", source: "serial" }] });
    const attempts = await t.database.db
      .select()
      .from(deviceConnectionAttempts)
      .where(eq(deviceConnectionAttempts.deviceId, added.id));
    expect(attempts).toMatchObject([{ code: 7, mac: "02:00:00:00:00:01", address: "192.0.2.7" }]);
    expect((await deviceRow(added.id)).secretHash).toBeNull();
  });

  it("never takes over a device of a company outside the token's tree", async () => {
    const id = identity();
    const theirs = await factories(t.database.db).device({ company: sibling, ...id });
    const res = await enrol({ token, ...id, model: "RUT241" });
    expect(res.statusCode).toBe(409);
    const mismatch = await enrol({
      token,
      serial: id.serial,
      mac: "02:00:00:00:00:02",
      model: "X",
    });
    // Outside the tree, a matching MAC and a different one answer alike.
    expect(res.json()).toEqual(mismatch.json());
    const row = await deviceRow(theirs.id);
    expect(row.companyId).toBe(sibling.id);
    expect(row.secretHash).toBeNull();
  });

  it("answers a wrong token alike whether the serial exists or not", async () => {
    const known = identity();
    await factories(t.database.db).device({ company: own, ...known });
    const bad = `${token}x`;
    const forKnown = await enrol({ token: bad, ...known, model: "RUT241" });
    const forUnknown = await enrol({ token: bad, ...identity(), model: "RUT241" });
    expect(forKnown.statusCode).toBe(401);
    expect(forKnown.body).toBe(forUnknown.body);
  });

  it("refuses malformed identities with the field named", async () => {
    const res = await enrol({ token, serial: "12", mac: "nope", model: "RUT241" });
    expect(res.statusCode).toBe(422);
    const sources = res.json<{ errors: { source: string }[] }>().errors.map((e) => e.source);
    expect(sources).toEqual(expect.arrayContaining(["serial", "mac"]));
  });
});
