import { and, eq } from "drizzle-orm";
import { FIXED_ROLES } from "@netfleet/contracts/roles";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACTION_STATUS_EVENT } from "@netfleet/contracts/events";
import { actions, actionSteps, deviceTags, users } from "../../db/schema";
import { AppError } from "../../plugins/errors";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";
import { actorForJob } from "../accounts/authenticate";
import { type ActionDefinition, createActionEngine } from "./action-engine";

/**
 * The action engine on the server's own database (PGlite or PostgreSQL): actions answer a
 * channel at once, each device's step is logged, a step is applied once however often its
 * job comes, the steps run with the user's access as it is then, and queued work survives
 * a stop.
 */

let t: TestApp;
let f: ReturnType<typeof factories>;
let home: TestCompany;
let other: TestCompany;
let admin: TestAgent;
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  home = await f.company({ name: "Engine Home" });
  other = await f.company({ name: "Engine Other" });
  const signedIn = await signedInAgent(t, { company: home, role: "admin" });
  admin = signedIn.agent;
  adminId = signedIn.user.id;
}, 60_000);
afterAll(() => t.close());

const db = () => t.database.db;

async function stepsOf(channel: string) {
  const [action] = await db().select().from(actions).where(eq(actions.channel, channel));
  const steps = await db()
    .select()
    .from(actionSteps)
    .where(eq(actionSteps.actionId, action!.id))
    .orderBy(actionSteps.deviceId);
  return { action: action!, steps };
}

const tagIdsOf = async (deviceId: number) =>
  (await db().select().from(deviceTags).where(eq(deviceTags.deviceId, deviceId)))
    .map((row) => row.tagId)
    .sort((a, b) => a - b);

/** An engine of its own on the test database and its own queue, running `definitions`. */
function engineWith(definitions: Record<string, ActionDefinition>, queue: string, retryLimit = 5) {
  return createActionEngine({
    database: t.database,
    realtime: t.app.ctx.realtime,
    definitions,
    log: t.app.log,
    queue,
    retryLimit,
  });
}

/** Devices of the home company, made one after another: their ids ascend in this order. */
async function devicesNamed(names: string[]) {
  const made = [];
  for (const name of names) made.push(await f.device({ company: home, name }));
  return made;
}

const actorOf = async (userId: number) => (await actorForJob(t.app.ctx, userId))!;

describe("the action engine", () => {
  it("runs a tag assignment as an action: a channel at once, a logged step per device, done on the channel", async () => {
    const devices = await devicesNamed(["engine-a", "engine-b", "engine-c"]);
    const tag = await f.tag({ company: home, name: "engine-tag" });
    const published = vi.spyOn(t.app.ctx.realtime, "publish");
    const res = await admin.put("/api/devices/tags/assign", {
      data: devices.map((d) => ({ device_id: d.id, tag_id: [tag.id] })),
    });
    expect(res.statusCode).toBe(200);
    const { channel } = res.json<{ meta: { channel: string } }>().meta;
    expect(channel).toMatch(new RegExp(`^private-status\\.${adminId}\\.`));

    await t.app.actions.settled();
    for (const d of devices) expect(await tagIdsOf(d.id)).toEqual([tag.id]);
    const { action, steps } = await stepsOf(channel);
    expect(action).toMatchObject({
      name: "tags_assign",
      userId: adminId,
      total: 3,
      status: "done",
    });
    expect(action.finishedAt).toBeInstanceOf(Date);
    expect(steps.map((s) => [s.deviceId, s.status, s.message])).toEqual(
      devices.map((d) => [d.id, "done", "Tag assignment done"]),
    );
    const updates = published.mock.calls.filter(([on]) => on === channel);
    expect(updates).toHaveLength(1);
    expect(updates.at(-1)).toEqual([
      channel,
      ACTION_STATUS_EVENT,
      expect.objectContaining({ status: "done", done: 3, failed: 0, total: 3, progress: 100 }),
    ]);
    published.mockRestore();
  });

  it("fails the step of a device out of the user's reach when it runs, and still does the others", async () => {
    const mine = await f.device({ company: home, name: "engine-mine" });
    const theirs = await f.device({ company: other, name: "engine-theirs" });
    const tag = await f.tag({ company: home, name: "engine-reach" });
    const channel = await t.app.actions.request(await actorOf(adminId), "tags_assign", [
      { deviceId: mine.id, params: { tag_id: [tag.id] } },
      { deviceId: theirs.id, params: { tag_id: [tag.id] } },
    ]);
    await t.app.actions.settled();
    const { action, steps } = await stepsOf(channel);
    expect(action.status).toBe("failed");
    expect(steps.map((s) => [s.deviceId, s.status])).toEqual([
      [mine.id, "done"],
      [theirs.id, "failed"],
    ]);
    expect(steps[1]!.message).toMatch(/device/i);
    expect(await tagIdsOf(theirs.id)).toEqual([]);
    expect(await tagIdsOf(mine.id)).toEqual([tag.id]);
  });

  it("acts with the user's access as it is when each step runs", async () => {
    const device = await f.device({ company: home, name: "engine-access" });
    const user = await f.user({ company: home, role: "admin" });
    const probe = { label: "Probe", permission: "update_devices", run: async () => "ran" };
    // Queued while no worker runs, run after the user lost the permission.
    const queuing = engineWith({ probe }, "test-access");
    await queuing.start({ work: false });
    const channel = await queuing.request(await actorOf(user.id), "probe", [
      { deviceId: device.id, params: {} },
    ]);
    await queuing.stop();
    await db().update(users).set({ roleId: FIXED_ROLES.read_only.id }).where(eq(users.id, user.id));
    const working = engineWith({ probe }, "test-access");
    await working.start();
    await working.settled();
    await working.stop();
    const { steps } = await stepsOf(channel);
    expect(steps[0]).toMatchObject({
      status: "failed",
      message: "The user who asked may no longer do this.",
    });
  });

  it("fails the steps of a job that failed every time it ran, and ends the action", async () => {
    const [device] = await devicesNamed(["engine-broken"]);
    const broken: ActionDefinition = {
      label: "Broken",
      permission: "update_devices",
      run: () => Promise.reject(new Error("the database went away")),
    };
    const engine = engineWith({ broken }, "test-broken", 1);
    await engine.start();
    const channel = await engine.request(await actorOf(adminId), "broken", [
      { deviceId: device!.id, params: {} },
    ]);
    await engine.settled(30_000);
    await engine.stop();
    const { action, steps } = await stepsOf(channel);
    expect(action.status).toBe("failed");
    expect(steps[0]).toMatchObject({
      status: "failed",
      message: "The step could not be run; the server's log tells why.",
    });
  }, 40_000);

  it("applies each step once when its job comes twice, and resumes queued work after a stop", async () => {
    const devices = await devicesNamed([1, 2, 3, 4].map((n) => `engine-once-${n}`));
    const runs: number[] = [];
    const counting: ActionDefinition = {
      label: "Count",
      permission: "update_devices",
      async run(_tx, _actor, step) {
        runs.push(step.deviceId);
        if (step.deviceId === devices[3]!.id) throw new AppError("VALIDATION_FAILED", "Refused.");
        return "counted";
      },
    };
    const actor = await actorOf(adminId);
    // Queued by an engine that stops before running anything: the work waits in the database.
    const first = engineWith({ count: counting }, "test-restart");
    await first.start({ work: false });
    const channel = await first.request(
      actor,
      "count",
      devices.map((d) => ({ deviceId: d.id, params: {} })),
    );
    await first.stop();
    expect(runs).toEqual([]);

    const second = engineWith({ count: counting }, "test-restart");
    await second.start();
    await second.settled();
    const { action, steps } = await stepsOf(channel);
    expect(runs.sort((a, b) => a - b)).toEqual(devices.map((d) => d.id));
    expect(steps.map((s) => s.status)).toEqual(["done", "done", "done", "failed"]);
    expect(steps[3]!.message).toBe("Refused.");
    expect(action.status).toBe("failed");

    // The same job once more: every step has finished, so nothing runs again.
    await second.runJob({ actionId: action.id, deviceIds: devices.map((d) => d.id) });
    await second.stop();
    expect(runs).toHaveLength(4);
    const again = await db()
      .select()
      .from(actionSteps)
      .where(and(eq(actionSteps.actionId, action.id), eq(actionSteps.status, "done")));
    expect(again.map((s) => s.finishedAt)).toEqual(
      steps.filter((s) => s.status === "done").map((s) => s.finishedAt),
    );
  });
});

describe("GET /api/devices/actions/logs", () => {
  it("answers a device's part of each action, newest first, as RMS logs an action", async () => {
    const device = await f.device({ company: home, name: "engine-logged", serial: "LOGGED0001" });
    const tag = await f.tag({ company: home, name: "engine-logged-tag" });
    const body = { data: [{ device_id: device.id, tag_id: [tag.id] }] };
    const first = (await admin.put("/api/devices/tags/assign", body)).json<{
      meta: { channel: string };
    }>();
    await t.app.actions.settled();
    await admin.put("/api/devices/tags/unassign", body);
    await t.app.actions.settled();

    const res = await admin.get(`/api/devices/actions/logs?device_id=${device.id}`);
    expect(res.statusCode).toBe(200);
    expectMatchesReference("GET", "/api/devices/actions/logs", 200, res.json());
    const { data, meta } = res.json<{ data: Record<string, unknown>[]; meta: { total: number } }>();
    expect(meta.total).toBe(2);
    expect(data.map((entry) => [entry.action_name, entry.request_target_state])).toEqual([
      ["tags_unassign", "done"],
      ["tags_assign", "done"],
    ]);
    const { action } = await stepsOf(first.meta.channel);
    expect(data[1]).toMatchObject({
      device_id: device.id,
      device_name: "engine-logged",
      device_serial: "LOGGED0001",
      scheduler_id: String(action.id),
      created_at: action.createdAt.toISOString(),
      events: [{ reference_id: String(action.id), message: "Tag assignment done" }],
    });

    const paged = await admin.get(
      `/api/devices/actions/logs?device_id=${device.id}&limit=1&offset=1`,
    );
    expect(
      paged.json<{ data: { action_name: string }[] }>().data.map((e) => e.action_name),
    ).toEqual(["tags_assign"]);
  });

  it("answers a device outside the caller's tree as a missing one", async () => {
    const theirs = await f.device({ company: other, name: "engine-hidden" });
    const res = await admin.get(`/api/devices/actions/logs?device_id=${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json<{ errors: { source: string }[] }>().errors[0]?.source).toBe("device_id");
  });
});
