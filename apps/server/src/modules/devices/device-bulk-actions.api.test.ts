import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_SELECTION_MESSAGES } from "@netfleet/contracts/schemas/devices";
import { actionSteps, deviceEvents, devices, deviceTags } from "../../db/schema";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";

/**
 * Moving, renaming and deleting devices, and filter-wide selections, on the action engine:
 * what each request answers, what its steps change, and that nothing reaches past the
 * user's company tree.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let home: TestCompany;
let branch: TestCompany;
let outside: TestCompany;
let admin: TestAgent;
let adminEmail: string;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  home = await f.company({ name: "Bulk Home" });
  branch = await f.company({ name: "Bulk Branch", parent: home });
  outside = await f.company({ name: "Bulk Outside" });
  const signedIn = await signedInAgent(t, { company: home, role: "admin" });
  admin = signedIn.agent;
  adminEmail = signedIn.user.email;
});
afterAll(() => t.close());

type Answer = { success: true; meta: { channel: string } };

/** A bulk request, and its action run to the end. */
async function acted(request: Promise<{ statusCode: number; body: string }>) {
  const res = await request;
  await t.app.actions.settled();
  return res;
}

async function rowsOf(ids: number[]) {
  return t.database.db
    .select({ id: devices.id, name: devices.name, companyId: devices.companyId })
    .from(devices)
    .where(inArray(devices.id, ids))
    .orderBy(asc(devices.id));
}

const tagsOf = async (id: number) =>
  (
    await t.database.db
      .select({ tagId: deviceTags.tagId })
      .from(deviceTags)
      .where(eq(deviceTags.deviceId, id))
  ).map((row) => row.tagId);

describe("POST /api/devices/move/", () => {
  it("moves devices to a company of the tree, drops tags the new company cannot see, and logs the move", async () => {
    const a = await f.device({ company: home, name: "move-a" });
    const b = await f.device({ company: home, name: "move-b" });
    const homeTag = await f.tag({ company: home, name: "move-home" });
    const siblingOfBranch = await f.company({ name: "Bulk Other Branch", parent: home });
    const otherTag = await f.tag({ company: siblingOfBranch, name: "move-other" });
    await t.database.db.insert(deviceTags).values([
      { deviceId: a.id, tagId: homeTag.id },
      { deviceId: a.id, tagId: otherTag.id },
    ]);

    const res = await acted(
      admin.post("/api/devices/move/", { device_id: [a.id, b.id], company_id: branch.id }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = JSON.parse(res.body) as Answer;
    expectMatchesReference("POST", "/api/devices/move/", 200, body);

    expect((await rowsOf([a.id, b.id])).map((row) => row.companyId)).toEqual([
      branch.id,
      branch.id,
    ]);
    // A tag of the company above stays; one of a sibling branch no longer applies.
    expect(await tagsOf(a.id)).toEqual([homeTag.id]);
    const [moved] = await t.database.db
      .select({ type: deviceEvents.type, message: deviceEvents.message })
      .from(deviceEvents)
      .where(eq(deviceEvents.deviceId, a.id));
    expect(moved).toEqual({
      type: "moved",
      message: `Moved from Bulk Home to Bulk Branch by ${adminEmail}`,
    });
    const log = await admin.get(`/api/devices/actions/logs?device_id=${b.id}`);
    expect(log.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({
        action_name: "devices_move",
        request_target_state: "done",
        events: [expect.objectContaining({ message: "Moved from Bulk Home to Bulk Branch" })],
      }),
    ]);
  });

  it("refuses a company outside the tree and a device outside it, and moves nothing", async () => {
    const own = await f.device({ company: home, name: "stay-home" });
    const foreign = await f.device({ company: outside, name: "stay-outside" });
    const toOutside = await acted(
      admin.post("/api/devices/move/", { device_id: [own.id], company_id: outside.id }),
    );
    expect(toOutside.statusCode).toBe(422);
    expect(JSON.parse(toOutside.body)).toMatchObject({
      success: false,
      errors: [{ code: "VALIDATION_FAILED", source: "company_id" }],
    });
    const foreignDevice = await acted(
      admin.post("/api/devices/move/", { device_id: [own.id, foreign.id], company_id: branch.id }),
    );
    expect(foreignDevice.statusCode).toBe(404);
    expect(JSON.parse(foreignDevice.body)).toMatchObject({
      errors: [{ code: "NOT_FOUND", source: "device_id" }],
    });
    expect((await rowsOf([own.id, foreign.id])).map((row) => row.companyId)).toEqual([
      home.id,
      outside.id,
    ]);
  });

  it("lets a user below move only within the user's own subtree", async () => {
    const { agent: branchAdmin } = await signedInAgent(t, { company: branch, role: "admin" });
    const device = await f.device({ company: branch, name: "branch-only" });
    const up = await acted(
      branchAdmin.post("/api/devices/move/", { device_id: [device.id], company_id: home.id }),
    );
    expect(up.statusCode).toBe(422);
    expect((await rowsOf([device.id]))[0]!.companyId).toBe(branch.id);
  });
});

describe("filter-wide selections", () => {
  it("FM-CALL-044 takes a device_id list with an action, or a data list of objects each with device_id", async () => {
    const a = await f.device({ company: home });
    const b = await f.device({ company: branch });
    const tag = await f.tag({ company: home, name: "by-data" });

    const tagged = await acted(
      admin.put("/api/devices/tags/assign", {
        data: [
          { device_id: a.id, tag_id: [tag.id] },
          { device_id: b.id, tag_id: [tag.id] },
        ],
      }),
    );
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect([await tagsOf(a.id), await tagsOf(b.id)]).toEqual([[tag.id], [tag.id]]);
    const rebooted = await acted(
      admin.post("/api/devices/actions", { action: "reboot", device_id: [a.id, b.id] }),
    );
    expect(rebooted.statusCode, rebooted.body).toBe(200);
    expect((JSON.parse(rebooted.body) as Answer).meta.channel).toEqual(expect.any(String));

    // Each shape, its own way: no action, or a data object without its device.
    expect((await admin.post("/api/devices/actions", { device_id: [a.id] })).statusCode).toBe(422);
    const nameless = await admin.put("/api/devices/tags/assign", {
      data: [{ tag_id: [tag.id] }],
    });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json<{ errors: { source: string }[] }>().errors[0]!.source).toBe(
      "data.0.device_id",
    );
  });

  it("tags every device a filter matches, across pages, and none outside the tree", async () => {
    const model = "FLT-900";
    const mine = [];
    for (let i = 0; i < 30; i++) {
      mine.push((await f.device({ company: i % 2 ? home : branch, model })).id);
    }
    const foreign = await f.device({ company: outside, model });
    const tag = await f.tag({ company: home, name: "filtered" });

    const res = await acted(
      admin.put("/api/devices/tags/assign", { filter: { model }, tag_id: [tag.id] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const id of mine) expect(await tagsOf(id)).toEqual([tag.id]);
    expect(await tagsOf(foreign.id)).toEqual([]);
  });

  it("reboots the devices a filter matches: a step per device", async () => {
    const model = "FLT-REBOOT";
    const ids = [(await f.device({ company: home, model })).id];
    ids.push((await f.device({ company: branch, model })).id);
    const res = await admin.post("/api/devices/actions", { action: "reboot", filter: { model } });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(async () =>
        (
          await t.database.db
            .select({ deviceId: actionSteps.deviceId, status: actionSteps.status })
            .from(actionSteps)
            .where(inArray(actionSteps.deviceId, ids))
            .orderBy(asc(actionSteps.deviceId))
        ).map((row) => row.status),
      )
      .toEqual(["waiting", "waiting"]);
  });

  it("answers 422 for a filter that matches nothing and for a body naming devices two ways", async () => {
    const none = await admin.delete("/api/devices", { filter: { model: "NO-SUCH-MODEL" } });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      errors: [{ source: "filter", message: DEVICE_SELECTION_MESSAGES.none }],
    });
    const own = await f.device({ company: home });
    for (const body of [{}, { device_id: [own.id], filter: {} }]) {
      const both = await admin.delete("/api/devices", body);
      expect(both.statusCode).toBe(422);
      expect(both.json()).toMatchObject({
        errors: [{ source: "device_id", message: DEVICE_SELECTION_MESSAGES.oneOf }],
      });
    }
    expect(await rowsOf([own.id])).toHaveLength(1);
  });
});

describe("PUT /api/devices/rename", () => {
  it("gives each device its new name, and refuses a name devices may not have", async () => {
    const a = await f.device({ company: home, name: "old-a" });
    const b = await f.device({ company: branch, name: "old-b" });
    const res = await acted(
      admin.put("/api/devices/rename", {
        data: [
          { device_id: a.id, name: "gate-a" },
          { device_id: b.id, name: "gate-b" },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowsOf([a.id, b.id])).map((row) => row.name)).toEqual(["gate-a", "gate-b"]);

    const bad = await admin.put("/api/devices/rename", { data: [{ device_id: a.id, name: " " }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: { source: string }[] }>().errors[0]!.source).toBe("data.0.name");
  });
});

describe("DELETE /api/devices", () => {
  it("deletes devices; each device's step stays in the action's log", async () => {
    const a = await f.device({ company: home, name: "bye-a" });
    const b = await f.device({ company: branch, name: "bye-b" });
    const res = await acted(admin.delete("/api/devices", { device_id: [a.id, b.id] }));
    expect(res.statusCode, res.body).toBe(200);
    expectMatchesReference("DELETE", "/api/devices", 200, JSON.parse(res.body));
    expect(await rowsOf([a.id, b.id])).toEqual([]);
    const steps = await t.database.db
      .select({ status: actionSteps.status, message: actionSteps.message })
      .from(actionSteps)
      .where(inArray(actionSteps.deviceId, [a.id, b.id]))
      .orderBy(asc(actionSteps.deviceId));
    expect(steps).toEqual([
      { status: "done", message: "Deleted bye-a" },
      { status: "done", message: "Deleted bye-b" },
    ]);
  });

  it("refuses a role without delete_devices with 403, and deletes nothing", async () => {
    const own = await f.device({ company: home, name: "kept" });
    for (const role of ["end_user", "read_only"] as const) {
      const { agent } = await signedInAgent(t, { company: home, role });
      const res = await acted(agent.delete("/api/devices", { device_id: [own.id] }));
      expect(res.statusCode).toBe(403);
    }
    // end_user may move and rename (update_devices), not delete.
    expect(await rowsOf([own.id])).toHaveLength(1);
  });
});
