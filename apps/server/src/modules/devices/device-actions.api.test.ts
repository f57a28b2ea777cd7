import { asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DEVICE_PROTOCOL_VERSION,
  type EnrolAnswer,
  isFileTask,
} from "@netfleet/contracts/device-protocol";
import { BULK_ACTIONS } from "@netfleet/contracts/schemas/device-activity";
import { ID_MAX } from "@netfleet/contracts/schemas/common";
import { deviceEvents, deviceTasks, devices } from "../../db/schema";
import { signedInAgent, type TestAgent } from "../../test/agent";
import type { TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";
import {
  browser,
  closeAll,
  enrol,
  enrolmentToken,
  eventually,
  listeningApp,
  scriptedDevice,
} from "./devices-test-kit";

/**
 * POST /api/devices/actions end to end: the route, the task on the device's MQTT client,
 * the device's answer, the task row, the activity and the action's status channel.
 */

let t: TestApp;
let url: string;
let company: TestCompany;
let sibling: TestCompany;
let admin: TestAgent;
let adminUser: { id: number; email: string };
let token: string;

beforeAll(async () => {
  ({ t, url } = await listeningApp());
  const f = factories(t.database.db);
  const parent = await f.company({ name: "Actions Parent" });
  company = await f.company({ name: "Actions Home", parent });
  sibling = await f.company({ name: "Actions Sibling", parent });
  ({ agent: admin, user: adminUser } = await signedInAgent(t, { company, role: "admin" }));
  token = await enrolmentToken(admin, company.id);
});
afterEach(closeAll);
afterAll(() => t.close());

/** A device with the agent's habits, of the test's company unless enrolled already. */
const device = (enrolled?: EnrolAnswer) => scriptedDevice(t, enrolled ?? token);

function reboot(agent: TestAgent, ids: number[]) {
  return agent.post("/api/devices/actions", { action: "reboot", device_id: ids });
}

async function taskRow(id: string) {
  const [row] = await t.database.db.select().from(deviceTasks).where(eq(deviceTasks.id, id));
  return row!;
}

async function activityOf(deviceId: number) {
  return t.database.db
    .select({
      type: deviceEvents.type,
      message: deviceEvents.message,
      userId: deviceEvents.userId,
      taskId: deviceEvents.taskId,
    })
    .from(deviceEvents)
    .where(eq(deviceEvents.deviceId, deviceId))
    .orderBy(asc(deviceEvents.id));
}

async function tasksOf(deviceId: number) {
  return t.database.db.select().from(deviceTasks).where(eq(deviceTasks.deviceId, deviceId));
}

describe("POST /api/devices/actions", () => {
  it("reboots a device: it receives the task, answers, and the task, its activity and the status channel show it", async () => {
    const router = await device();
    const res = await reboot(admin, [router.id]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ success: true; meta: { channel: string } }>();
    expectMatchesReference("POST", "/api/devices/actions", 200, body);
    expect(body.meta.channel).toMatch(
      new RegExp(`^private-status\\.${adminUser.id}\\.[\\w-]{16,}$`),
    );

    const task = await router.nextTask();
    expect(task).toEqual({ v: DEVICE_PROTOCOL_VERSION, id: expect.any(String), action: "reboot" });
    expect(await taskRow(task.id)).toMatchObject({
      deviceId: router.id,
      action: "reboot",
      status: "pending",
      requestedBy: adminUser.id,
    });

    const console = await browser(url, admin);
    expect(await console.subscribe(body.meta.channel)).toBe(true);
    const updates = console.collect("ActionStatusUpdated");

    // Another device cannot end this device's task.
    const other = await device();
    await other.answer(task.id, false, "not mine");
    await t.app.devices.traffic.flush();
    expect((await taskRow(task.id)).status).toBe("pending");

    await router.answer(task.id, true);
    const ended = await eventually(
      () => taskRow(task.id),
      (row) => row.status !== "pending",
    );
    expect(ended).toMatchObject({ status: "succeeded", finishedAt: expect.any(Date) });
    expect(await activityOf(router.id)).toEqual([
      { type: "connected", message: "Connected", userId: null, taskId: null },
      {
        type: "task",
        message: `Reboot requested by ${adminUser.email}`,
        userId: adminUser.id,
        taskId: task.id,
      },
      { type: "task_result", message: "Reboot succeeded", userId: null, taskId: task.id },
    ]);
    const [name] = await t.database.db
      .select({ name: devices.name })
      .from(devices)
      .where(eq(devices.id, router.id));
    const update = await eventually(
      async () => updates.at(-1),
      (u) => u?.data.status === "done",
    );
    expect(update).toEqual({
      channel: body.meta.channel,
      data: {
        status: "done",
        job_id: expect.any(Number),
        progress: 100,
        message: `${name!.name}: Reboot succeeded`,
        done: 1,
        failed: 0,
        total: 1,
        steps: [{ device_id: router.id, state: "done", message: "Reboot succeeded" }],
      },
    });
    const log = await admin.get(`/api/devices/actions/logs?device_id=${router.id}`);
    expect(log.json<{ data: unknown[] }>().data).toEqual([
      expect.objectContaining({
        action_name: "reboot",
        request_target_state: "done",
        events: [expect.objectContaining({ message: "Reboot succeeded" })],
      }),
    ]);
  });

  it("sends the task to an offline device when it comes online, and reports each device's end on one channel", async () => {
    const online = await device();
    const offline = await enrol(t, token);
    const res = await reboot(admin, [online.id, offline.device_id]);
    expect(res.statusCode, res.body).toBe(200);
    const channel = res.json<{ meta: { channel: string } }>().meta.channel;
    const console = await browser(url, admin);
    await console.subscribe(channel);
    const updates = console.collect("ActionStatusUpdated");

    const first = await online.nextTask();
    expect(
      (await admin.get(`/api/devices/actions/logs?device_id=${offline.device_id}`)).json(),
    ).toMatchObject({
      data: [
        {
          request_target_state: "pending",
          events: [{ message: "Sent to the device, waiting for its answer" }],
        },
      ],
    });
    await online.answer(first.id, true);
    await eventually(
      async () => updates.at(-1)?.data,
      (u) => u?.done === 1,
    );

    const late = await device(offline);
    const second = await late.nextTask();
    expect(second.action).toBe("reboot");
    await late.answer(second.id, false, "Modem busy");
    expect(
      await eventually(
        () => taskRow(second.id),
        (row) => row.status !== "pending",
      ),
    ).toMatchObject({ status: "failed", message: "Modem busy" });
    expect((await activityOf(late.id)).at(-1)).toMatchObject({
      type: "task_result",
      message: "Reboot failed: Modem busy",
    });
    await eventually(
      async () => updates.at(-1)?.data,
      (u) => u?.failed === 1,
    );
    expect(updates.slice(-2).map((u) => u.data)).toEqual([
      expect.objectContaining({ status: "running", done: 1, failed: 0, total: 2 }),
      expect.objectContaining({
        status: "failed",
        done: 1,
        failed: 1,
        total: 2,
        message: expect.stringContaining("Reboot failed: Modem busy") as string,
      }),
    ]);
  });

  it("expires a task the device does not answer within DEVICE_TASK_TIMEOUT_SECONDS", async () => {
    const offline = await enrol(t, token);
    const res = await reboot(admin, [offline.device_id]);
    const channel = res.json<{ meta: { channel: string } }>().meta.channel;
    const console = await browser(url, admin);
    await console.subscribe(channel);
    const updates = console.collect("ActionStatusUpdated");
    await eventually(
      () => tasksOf(offline.device_id),
      (rows) => rows.length === 1,
    );
    await t.database.db
      .update(deviceTasks)
      .set({ sentAt: sql`now() - interval '61 minutes'` })
      .where(eq(deviceTasks.deviceId, offline.device_id));

    await t.app.devices.traffic.sweep();

    const [task] = await tasksOf(offline.device_id);
    expect(task).toMatchObject({ status: "expired", message: "no answer within 1 hour" });
    expect((await activityOf(offline.device_id)).at(-1)).toEqual({
      type: "task_result",
      message: "Reboot expired: no answer within 1 hour",
      userId: null,
      taskId: task!.id,
    });
    expect(
      await eventually(
        async () => updates.at(-1)?.data,
        (u) => u?.status === "failed",
      ),
    ).toMatchObject({ failed: 1, total: 1 });
    // Coming online later, the device gets only what is still pending, not the expired task.
    const again = await reboot(admin, [offline.device_id]);
    expect(again.statusCode).toBe(200);
    const pending = (
      await eventually(
        () => tasksOf(offline.device_id),
        (rows) => rows.length === 2,
      )
    ).find((row) => row.status === "pending");
    const late = await device(offline);
    expect((await late.nextTask()).id).toBe(pending!.id);
  });

  it("answers a device of another company exactly as a missing one, and asks nothing of any device", async () => {
    const f = factories(t.database.db);
    const own = await f.device({ company });
    const foreign = await f.device({ company: sibling });
    const missing = await reboot(admin, [ID_MAX]);
    expect(missing.statusCode).toBe(404);
    for (const ids of [[foreign.id], [own.id, foreign.id]]) {
      const res = await reboot(admin, ids);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect(await tasksOf(own.id)).toEqual([]);
    expect(await tasksOf(foreign.id)).toEqual([]);
  });

  it("refuses a role without update_devices with 403", async () => {
    const own = await factories(t.database.db).device({ company });
    const { agent } = await signedInAgent(t, { company, role: "read_only" });
    const res = await reboot(agent, [own.id]);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ errors: { code: string }[] }>().errors[0]!.code).toBe("FORBIDDEN");
    expect(await tasksOf(own.id)).toEqual([]);
  });

  it("answers 422 naming the field for an action devices do not run yet and for an empty selection", async () => {
    const own = await factories(t.database.db).device({ company });
    const backup = await admin.post("/api/devices/actions", {
      action: "download_backup",
      device_id: [own.id],
    });
    expect(backup.statusCode).toBe(422);
    expect(backup.json()).toMatchObject({
      success: false,
      errors: [
        {
          code: "VALIDATION_FAILED",
          source: "action",
          message: "download_backup is not available in this version of Netfleet.",
        },
      ],
    });
    const empty = await admin.post("/api/devices/actions", { action: "reboot", device_id: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json<{ errors: { source: string }[] }>().errors[0]!.source).toBe("device_id");
    expect(await tasksOf(own.id)).toEqual([]);
  });

  it("FM-CALL-045 knows the console's bulk actions: runs the rollouts, refuses the rest by name", async () => {
    const own = await factories(t.database.db).device({ company });
    for (const action of BULK_ACTIONS.filter((a) => !isFileTask(a))) {
      const res = await admin.post("/api/devices/actions", { action, device_id: [own.id] });
      expect(res.statusCode, action).toBe(422);
      expect(res.json<{ errors: { message: string }[] }>().errors[0]!.message).toBe(
        `${action} is not available in this version of Netfleet.`,
      );
    }
    // A rollout is taken past the action's name: it asks for its file.
    const rollout = await admin.post("/api/devices/actions", {
      action: "firmware_upload",
      device_id: [own.id],
    });
    expect(rollout.statusCode).toBe(422);
    expect(rollout.json<{ errors: { source: string }[] }>().errors[0]!.source).toBe("file_id");
    expect([...BULK_ACTIONS]).toEqual([
      "firmware_upload",
      "config_upload",
      "execute_tasks_group",
      "api_request",
      "execute_mulficonfig_template",
      "add_device",
    ]);
    expect(await tasksOf(own.id)).toEqual([]);
  });

  it("tells a listener who joins after the action ended how it ended", async () => {
    const own = await factories(t.database.db).device({ company });
    const tag = await factories(t.database.db).tag({ company });
    const res = await admin.put("/api/devices/tags/assign", {
      data: [{ device_id: own.id, tag_id: [tag.id] }],
    });
    const channel = res.json<{ meta: { channel: string } }>().meta.channel;
    await t.app.actions.settled();

    const late = await browser(url, admin);
    const updates = late.collect("ActionStatusUpdated");
    expect(await late.subscribe(channel)).toBe(true);
    const [update] = await eventually(
      async () => updates,
      (u) => u.length > 0,
    );
    expect(update).toEqual({
      channel,
      data: expect.objectContaining({ status: "done", done: 1, failed: 0, total: 1 }) as unknown,
    });
  });

  it("cancels a reboot an offline device waits for: the step and the task fail as cancelled, and the device gets nothing", async () => {
    const offline = await enrol(t, token);
    const res = await reboot(admin, [offline.device_id]);
    const channel = res.json<{ meta: { channel: string } }>().meta.channel;
    const [task] = await eventually(
      () => tasksOf(offline.device_id),
      (rows) => rows.length === 1,
    );
    const console = await browser(url, admin);
    const updates = console.collect("ActionStatusUpdated");
    await console.subscribe(channel);

    const cancel = await admin.post("/api/devices/actions/cancel", {
      device_id: [offline.device_id],
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ success: true, message: "1 step cancelled" });
    const cancelled = `Cancelled by ${adminUser.email}`;
    expect(await taskRow(task!.id)).toMatchObject({ status: "failed", message: cancelled });
    expect(
      (await admin.get(`/api/devices/actions/logs?device_id=${offline.device_id}`)).json(),
    ).toMatchObject({
      data: [{ request_target_state: "failed", events: [{ message: cancelled }] }],
    });
    expect(
      await eventually(
        async () => updates.at(-1)?.data,
        (u) => u?.status === "failed",
      ),
    ).toMatchObject({ message: cancelled, failed: 1, total: 1 });

    // Nothing is left to cancel, and the device, coming online, is asked for nothing.
    expect(
      (await admin.post("/api/devices/actions/cancel", { device_id: [offline.device_id] })).json(),
    ).toEqual({ success: true, message: "0 steps cancelled" });
    const late = await device(offline);
    await t.app.devices.traffic.flush();
    // A pending task would be on its way now: give it the time one takes to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(late.tasks).toEqual([]);
  });

  it("cancels by action, and refuses an action or device out of reach and a role without update_devices", async () => {
    const own = await factories(t.database.db).device({ company });
    expect((await reboot(admin, [own.id])).statusCode).toBe(200);
    await eventually(
      () => tasksOf(own.id),
      (rows) => rows.length === 1,
    );
    const [action] = (await admin.get(`/api/devices/actions/logs?device_id=${own.id}`)).json<{
      data: { scheduler_id: string }[];
    }>().data;
    const jobId = Number(action!.scheduler_id);

    const { agent: siblingAdmin } = await signedInAgent(t, { company: sibling, role: "admin" });
    const foreign = await siblingAdmin.post("/api/devices/actions/cancel", { job_id: [jobId] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ errors: [{ source: "job_id" }] });
    expect(
      (await siblingAdmin.post("/api/devices/actions/cancel", { device_id: [own.id] })).statusCode,
    ).toBe(404);
    const { agent: guest } = await signedInAgent(t, { company, role: "read_only" });
    expect((await guest.post("/api/devices/actions/cancel", { job_id: [jobId] })).statusCode).toBe(
      403,
    );
    expect((await admin.post("/api/devices/actions/cancel", {})).statusCode).toBe(422);
    expect((await tasksOf(own.id))[0]!.status).toBe("pending");

    const cancel = await admin.post("/api/devices/actions/cancel", { job_id: [jobId] });
    expect(cancel.json()).toEqual({ success: true, message: "1 step cancelled" });
    expectMatchesReference("POST", "/api/devices/actions/cancel", 200, cancel.json());
    expect((await tasksOf(own.id))[0]!.status).toBe("failed");
  });

  it("lets only the user who asked listen on the action's status channel", async () => {
    const own = await factories(t.database.db).device({ company });
    const channel = (await reboot(admin, [own.id])).json<{ meta: { channel: string } }>().meta
      .channel;
    const { agent: colleague } = await signedInAgent(t, { company, role: "admin" });
    const other = await browser(url, colleague);
    expect(await other.subscribe(channel)).toBe(false);
    const mine = await browser(url, admin);
    expect(await mine.subscribe(channel)).toBe(true);
  });
});
