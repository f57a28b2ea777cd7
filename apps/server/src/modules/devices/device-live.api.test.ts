import { inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { upTopic } from "@netfleet/contracts/device-protocol";
import {
  ALL_DEVICES_STATUS_CHANNEL,
  deviceStatusChannel,
  devicesStatusUpdateSchema,
} from "@netfleet/contracts/schemas/device-activity";
import { devices } from "../../db/schema";
import { signedInAgent, type TestAgent } from "../../test/agent";
import type { TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import {
  browser,
  closeAll,
  connectDevice,
  enrol,
  enrolmentToken,
  eventually,
  listeningApp,
  telemetryMessage,
} from "./devices-test-kit";

/**
 * Live device status on `private-devices.{companyId}` and `private-devices.all`: who may
 * listen, and what a browser receives when many devices change at once.
 *
 *     P ─┬─ C   the devices' company
 *        └─ S   C's sibling
 *     E         another top-level company, home of a super administrator
 */

let t: TestApp;
let url: string;
let parent: TestCompany;
let home: TestCompany;
let sibling: TestCompany;
const agents = {} as Record<"parent" | "home" | "sibling" | "superAdmin", TestAgent>;

beforeAll(async () => {
  ({ t, url } = await listeningApp());
  const f = factories(t.database.db);
  parent = await f.company({ name: "Live Parent" });
  home = await f.company({ name: "Live Home", parent });
  sibling = await f.company({ name: "Live Sibling", parent });
  for (const [key, company] of [
    ["parent", parent],
    ["home", home],
    ["sibling", sibling],
  ] as const)
    agents[key] = (await signedInAgent(t, { company, role: "admin" })).agent;
  const elsewhere = await f.company({ name: "Live Elsewhere" });
  agents.superAdmin = (await signedInAgent(t, { company: elsewhere, role: "super_admin" })).agent;
});

const token = async (agent: TestAgent, scopes: string[]) =>
  (await agent.post("/account/tokens", { name: scopes.join(" "), scopes })).json<{
    data: { token: string };
  }>().data.token;
afterEach(closeAll);
afterAll(() => t.close());

describe("the live device status channel", () => {
  it("lets a user listen on their company's and its subsidiaries' channels, never a sibling's or a parent's", async () => {
    const own = await browser(url, agents.home);
    expect(await own.subscribe(deviceStatusChannel(home.id))).toBe(true);
    expect(await own.subscribe(deviceStatusChannel(sibling.id))).toBe(false);
    expect(await own.subscribe(deviceStatusChannel(parent.id))).toBe(false);
    for (const junk of ["private-devices.abc", "private-devices.0", "private-devices.99999999999"])
      expect(await own.subscribe(junk), junk).toBe(false);

    const neighbour = await browser(url, agents.sibling);
    expect(await neighbour.subscribe(deviceStatusChannel(home.id))).toBe(false);

    const above = await browser(url, agents.parent);
    expect(await above.subscribe(deviceStatusChannel(home.id))).toBe(true);
  });

  it("lets a personal access token listen only with the devices:read scope", async () => {
    const without = await browser(url, {
      token: await token(agents.home, ["notifications:read"]),
    });
    expect(await without.subscribe(deviceStatusChannel(home.id))).toBe(false);
    const reader = await browser(url, {
      token: await token(agents.home, ["notifications:read", "devices:read"]),
    });
    expect(await reader.subscribe(deviceStatusChannel(home.id))).toBe(true);
  });

  it("lets only a user who sees every company listen on every company's channel, a token of theirs only with devices:read", async () => {
    const admin = await browser(url, agents.parent);
    expect(await admin.subscribe(ALL_DEVICES_STATUS_CHANNEL)).toBe(false);
    const adminReader = await browser(url, {
      token: await token(agents.parent, ["notifications:read", "devices:read"]),
    });
    expect(await adminReader.subscribe(ALL_DEVICES_STATUS_CHANNEL)).toBe(false);

    const superAdmin = await browser(url, agents.superAdmin);
    expect(await superAdmin.subscribe(ALL_DEVICES_STATUS_CHANNEL)).toBe(true);
    const without = await browser(url, {
      token: await token(agents.superAdmin, ["notifications:read"]),
    });
    expect(await without.subscribe(ALL_DEVICES_STATUS_CHANNEL)).toBe(false);
    const reader = await browser(url, {
      token: await token(agents.superAdmin, ["notifications:read", "devices:read"]),
    });
    expect(await reader.subscribe(ALL_DEVICES_STATUS_CHANNEL)).toBe(true);
  });

  it("pushes a device's change in another top-level company to a super administrator on every company's channel", async () => {
    const device = await enrol(t, await enrolmentToken(agents.home, home.id));
    const superAdmin = await browser(url, agents.superAdmin);
    await superAdmin.subscribe(ALL_DEVICES_STATUS_CHANNEL);
    const updates = superAdmin.collect("DevicesStatusUpdated");

    const client = await connectDevice(t, device);
    await client.publishAsync(upTopic(device.device_id, "telemetry"), telemetryMessage(), {
      qos: 1,
    });

    const seen = await eventually(
      async () => updates.flatMap((u) => u.data.devices),
      (changes) => changes.some((d) => d.id === device.device_id),
    );
    expect(seen).toContainEqual(expect.objectContaining({ id: device.device_id, status: 1 }));
    expect(updates.every((u) => u.channel === ALL_DEVICES_STATUS_CHANNEL)).toBe(true);
  });

  it("pushes many devices going silent together as one message, on the company's channel and its parent's", async () => {
    const token = await enrolmentToken(agents.home, home.id);
    const fleet = await Promise.all(Array.from({ length: 20 }, () => enrol(t, token)));
    const ids = fleet.map((d) => d.device_id);

    const own = await browser(url, agents.home);
    await own.subscribe(deviceStatusChannel(home.id));
    const ownUpdates = own.collect("DevicesStatusUpdated");
    const above = await browser(url, agents.parent);
    await above.subscribe(deviceStatusChannel(parent.id));
    const aboveUpdates = above.collect("DevicesStatusUpdated");
    const neighbour = await browser(url, agents.sibling);
    await neighbour.subscribe(deviceStatusChannel(sibling.id));
    const neighbourUpdates = neighbour.collect("DevicesStatusUpdated");

    // They come online: each browser learns it.
    for (const device of fleet) {
      const client = await connectDevice(t, device);
      await client.publishAsync(upTopic(device.device_id, "telemetry"), telemetryMessage(), {
        qos: 1,
      });
    }
    const onlineSeen = () =>
      new Set(
        ownUpdates.flatMap((u) => u.data.devices.filter((d) => d.status === 1).map((d) => d.id)),
      );
    await eventually(
      async () => onlineSeen(),
      (seen) => ids.every((id) => seen.has(id)),
    );
    expect(ids.every((id) => onlineSeen().has(id))).toBe(true);
    ownUpdates.splice(0);
    await eventually(
      async () => aboveUpdates.flatMap((u) => u.data.devices).length,
      (n) => n >= ids.length,
    );
    aboveUpdates.splice(0);

    await t.database.db
      .update(devices)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'` })
      .where(inArray(devices.id, ids));
    await t.app.devices.traffic.sweep();

    for (const updates of [ownUpdates, aboveUpdates]) {
      const [first] = await eventually(
        async () => updates,
        (u) => u.length > 0,
      );
      expect(first!.data).toEqual(devicesStatusUpdateSchema.parse(first!.data));
      expect(first!.data.overflow).toBe(false);
      expect(first!.data.devices.map((d) => d.id).sort((a, b) => a - b)).toEqual(
        [...ids].sort((a, b) => a - b),
      );
      for (const change of first!.data.devices) {
        expect(change.status).toBe(0);
        expect(change.last_seen_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      }
    }
    expect(ownUpdates[0]!.channel).toBe(deviceStatusChannel(home.id));
    expect(aboveUpdates[0]!.channel).toBe(deviceStatusChannel(parent.id));
    expect(neighbourUpdates).toEqual([]);
  });
});
