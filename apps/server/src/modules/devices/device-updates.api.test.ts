import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DOWNLOAD_PATH,
  type TaskMessage,
  type TaskStage,
} from "@netfleet/contracts/device-protocol";
import type { Job, JobStep } from "@netfleet/contracts/schemas/device-updates";
import { actionSteps, deviceTasks, devices } from "../../db/schema";
import { signedInAgent, type TestAgent } from "../../test/agent";
import type { TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";
import { upload } from "../../test/uploads";
import { nextWindowStart } from "./device-updates";
import {
  browser,
  closeAll,
  enrol,
  enrolmentToken,
  eventually,
  listeningApp,
  scriptedDevice,
  type ScriptedDevice,
} from "./devices-test-kit";

/**
 * Firmware and configuration rollouts end to end with scripted devices: the one-time
 * download, stages, the version check, waves, the failure threshold, pause, resume,
 * cancel, offline devices and the RMS update routes.
 */

let t: TestApp;
let url: string;
let company: TestCompany;
let sibling: TestCompany;
let admin: TestAgent;
let adminEmail: string;
let token: string;
const IMAGE = Buffer.from("netfleet firmware image ".repeat(4096));
let firmware: { id: number; name: string };
let config: { id: number };

beforeAll(async () => {
  ({ t, url } = await listeningApp());
  const f = factories(t.database.db);
  const parent = await f.company({ name: "Updates Parent" });
  company = await f.company({ name: "Updates Home", parent });
  sibling = await f.company({ name: "Updates Sibling", parent });
  const signedIn = await signedInAgent(t, { company, role: "admin" });
  admin = signedIn.agent;
  adminEmail = signedIn.user.email;
  token = await enrolmentToken(admin, company.id);
  const stored = async (type: string, name: string, fields: Record<string, string> = {}) => {
    const res = await upload(admin, { type, ...fields }, { name, content: IMAGE });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json<{ meta: { id: number } }>().meta.id, name };
  };
  firmware = await stored("firmware", "RUTX_R_00.07.09_WEBUI.bin");
  config = await stored("config", "branch-office.tar.gz");
});
afterEach(closeAll);
afterAll(() => t.close());

const device = (status: Record<string, unknown> = {}) => scriptedDevice(t, token, status);

function rollout(agent: TestAgent, ids: number[], extra: Record<string, unknown> = {}) {
  return agent.post("/api/devices/actions", {
    action: "firmware_upload",
    device_id: ids,
    file_id: firmware.id,
    ...extra,
  });
}

/** Follows an action's channel in a browser; answers its updates and its job id. */
async function follow(channel: string) {
  const console = await browser(url, admin);
  const updates = console.collect("ActionStatusUpdated");
  await console.subscribe(channel);
  const first = await eventually(
    async () => updates.find((u) => u.channel === channel),
    (u) => u !== undefined,
  );
  return { all: updates, jobId: first!.data.job_id! };
}

const job = async (id: number) =>
  (await admin.get(`/api/devices/actions/jobs/${id}`)).json<{ data: Job }>().data;

const steps = async (id: number, query = "") =>
  (await admin.get(`/api/devices/actions/jobs/${id}/steps?limit=500${query}`)).json<{
    data: JobStep[];
    meta: { total: number };
  }>();

/** The download URL names the server's PUBLIC_URL; the test server listens elsewhere. */
const reachable = (link: string) => `${url}${new URL(link).pathname}`;

/** What a device with the agent's habits does: download, check, install, reboot, answer. */
async function install(
  d: ScriptedDevice,
  task: TaskMessage,
  outcome: "ok" | "wrong" | "fail",
  /** Waits until the job's steps show each stage, as with a real device's pace. */
  watch?: number,
) {
  const file = task.file!;
  const stage = async (name: TaskStage) => {
    await d.progress(task.id, name);
    if (watch === undefined) return;
    await eventually(
      async () => (await steps(watch)).data.find((s) => s.device_id === d.id)?.state,
      (state) => state === name,
    );
  };
  await stage("downloading");
  const res = await fetch(reachable(file.url));
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(file.sha256);
  await stage("installing");
  if (outcome === "fail") return d.answer(task.id, false, "Installation failed");
  await stage("rebooting");
  const running = outcome === "ok" ? file.version : "RUTX_R_00.07.01";
  await d.send("status", { online: true, firmware: running });
  return d.answer(task.id, true, `Running ${running}`, running);
}

const stepOf = (actionId: number, deviceId: number) =>
  t.database.db
    .select()
    .from(actionSteps)
    .where(and(eq(actionSteps.actionId, actionId), eq(actionSteps.deviceId, deviceId)))
    .then((rows) => rows[0]!);

describe("a firmware rollout", () => {
  it("sends each device a one-time download with its checksum, streams the stages, and counts a device done only on the new version", async () => {
    const good = await device();
    const stale = await device();
    const res = await rollout(admin, [good.id, stale.id], { canary_percent: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expectMatchesReference("POST", "/api/devices/actions", 200, res.json());
    const { all, jobId } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);

    const task = await good.nextTask();
    expect(task).toMatchObject({
      action: "firmware_upload",
      file: {
        name: firmware.name,
        size: IMAGE.length,
        sha256: createHash("sha256").update(IMAGE).digest("hex"),
        version: "RUTX_R_00.07.09",
        keep_settings: true,
      },
    });
    expect(task.file!.url).toMatch(new RegExp(`${DOWNLOAD_PATH}/[\\w-]{16,}$`));
    await install(good, task, "ok", jobId);
    // The link was good for one download.
    const again = await fetch(reachable(task.file!.url));
    expect(again.status).toBe(410);
    expect((await again.json()) as unknown).toMatchObject({
      success: false,
      errors: [{ code: "GONE" }],
    });
    await install(stale, await stale.nextTask(), "wrong");

    const ended = await eventually(
      () => job(jobId),
      (j) => j.remaining === 0,
    );
    expect(ended).toMatchObject({ status: "failed", done: 1, failed: 1, total: 2 });
    expect((await steps(jobId)).data).toEqual([
      expect.objectContaining({
        device_id: good.id,
        state: "done",
        message: "Firmware update succeeded: Running RUTX_R_00.07.09",
      }),
      expect.objectContaining({
        device_id: stale.id,
        state: "failed",
        message: "Firmware update failed: The device runs RUTX_R_00.07.01, not RUTX_R_00.07.09",
      }),
    ]);
    // Each stage was pushed live, for the device it is about (a push may land after the
    // job's state can be read).
    const states = await eventually(
      async () =>
        all
          .flatMap((u) => u.data.steps ?? [])
          .filter((s) => s.device_id === good.id)
          .map((s) => s.state),
      (seen) => seen.includes("done"),
    );
    expect(states.slice(-4)).toEqual(["downloading", "installing", "rebooting", "done"]);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, good.id));
    expect(row!.firmware).toBe("RUTX_R_00.07.09");
  });

  it("runs the canary first, pauses itself past the failure threshold, and resumes or cancels on request", async () => {
    const fleet = await Promise.all(Array.from({ length: 10 }, () => device()));
    const res = await rollout(
      admin,
      fleet.map((d) => d.id),
      { canary_percent: 20, failure_threshold: 10 },
    );
    const { jobId, all } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);
    // Two canaries: one fails, one succeeds.
    const canaries = await eventually(
      async () => fleet.filter((d) => d.tasks.length > 0),
      (list) => list.length === 2,
    );
    expect(canaries).toHaveLength(2);
    await install(canaries[0]!, await canaries[0]!.nextTask(), "fail");
    await install(canaries[1]!, await canaries[1]!.nextTask(), "ok");

    const paused = await eventually(
      () => job(jobId),
      (j) => j.status === "paused",
    );
    expect(paused).toMatchObject({
      status: "paused",
      done: 1,
      failed: 1,
      remaining: 8,
      plan: { canary_percent: 20, failure_threshold: 10, wave: 0, file_name: firmware.name },
      paused_reason:
        "Paused: 1 of 2 devices failed (50 %), more than the 10 % allowed. Resume or cancel the rollout.",
    });
    const pausedUpdate = await eventually(
      async () => all.find((u) => u.data.status === "paused"),
      (u) => u !== undefined,
    );
    expect(pausedUpdate!.data.message).toBe(paused.paused_reason);
    // Nothing of the second wave went out.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fleet.filter((d) => !canaries.includes(d) && d.tasks.length > 0)).toHaveLength(0);
    expect((await steps(jobId, "&state=queued")).meta.total).toBe(8);

    const resumed = await admin.put(`/api/devices/actions/jobs/${jobId}`, { status: "running" });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<{ data: Job }>().data).toMatchObject({
      status: "running",
      paused_reason: null,
    });
    const rest = fleet.filter((d) => !canaries.includes(d));
    const second = await eventually(
      async () => rest.filter((d) => d.tasks.length > 0),
      (list) => list.length === 8,
    );
    expect(second).toHaveLength(8);
    expect((await job(jobId)).plan!.wave).toBe(1);
    for (const d of second.slice(0, 4)) await install(d, await d.nextTask(), "ok");
    await eventually(
      () => job(jobId),
      (j) => j.done === 5,
    );

    const cancelled = await admin.post("/api/devices/actions/cancel", { job_id: [jobId] });
    expect(cancelled.json()).toMatchObject({ message: "4 steps cancelled" });
    const final = await eventually(
      () => job(jobId),
      (j) => j.remaining === 0,
    );
    expect(final).toMatchObject({ status: "failed", done: 5, failed: 5 });
    expect((await steps(jobId, "&state=failed")).data.map((s) => s.message)).toContain(
      `Cancelled by ${adminEmail}`,
    );
  });

  it("holds a device outside its maintenance window, in its own time zone", async () => {
    const now = new Date();
    const hour = (h: number) => `${String(((h % 24) + 24) % 24).padStart(2, "0")}:00`;
    const tokyoHour = Number(
      new Intl.DateTimeFormat("en", {
        timeZone: "Asia/Tokyo",
        hour: "2-digit",
        hourCycle: "h23",
      }).format(now),
    );
    const d = await device({ timezone: "Asia/Tokyo" });
    // A window that opens in Tokyo two hours from now.
    const window = { from: hour(tokyoHour + 2), to: hour(tokyoHour + 3) };
    const res = await rollout(admin, [d.id], { canary_percent: 0, window });
    const { jobId } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);
    const [step] = (
      await eventually(
        () => steps(jobId),
        (s) => s.data[0]?.message !== null,
      )
    ).data;
    expect(step).toMatchObject({
      state: "queued",
      message: `Waiting for the maintenance window (${window.from}–${window.to} device time)`,
    });
    expect(d.tasks).toHaveLength(0);
  });

  it("waits for an offline device and lists it as pending until it returns, then updates it", async () => {
    const enrolled = await enrol(t, token);
    const res = await rollout(admin, [enrolled.device_id], { canary_percent: 0 });
    const { jobId } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);
    const pending = await eventually(
      async () =>
        (await admin.get("/api/devices/updates/pending?limit=100")).json<{
          data: { device_id: number }[];
        }>(),
      (body) => body.data.some((p) => p.device_id === enrolled.device_id),
    );
    expectMatchesReference("GET", "/api/devices/updates/pending", 200, pending);
    expect(pending.data).toContainEqual(
      expect.objectContaining({
        id: jobId,
        job_type: 100,
        name: firmware.name,
        device_id: enrolled.device_id,
      }),
    );
    expect((await steps(jobId)).data[0]).toMatchObject({
      state: "queued",
      message: "Waiting for the device to come online",
    });
    // A long absence does not expire it.
    await t.database.db
      .update(deviceTasks)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(deviceTasks.deviceId, enrolled.device_id));
    await t.app.devices.traffic.sweep();

    const back = await scriptedDevice(t, enrolled);
    await install(back, await back.nextTask(), "ok");
    expect(
      await eventually(
        () => job(jobId),
        (j) => j.status === "done",
      ),
    ).toMatchObject({ status: "done", done: 1 });
  });

  it("fails an offline device's step at once when the rollout does not wait for it", async () => {
    const enrolled = await enrol(t, token);
    const res = await rollout(admin, [enrolled.device_id], { offline: false, canary_percent: 0 });
    const { jobId } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);
    expect(
      (
        await eventually(
          () => steps(jobId),
          (s) => s.data[0]?.state === "failed",
        )
      ).data[0],
    ).toMatchObject({ state: "failed", message: "The device is offline." });
  });

  it("applies a device's answer delivered twice once", async () => {
    const d = await device();
    const res = await rollout(admin, [d.id], { canary_percent: 0 });
    const { jobId } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);
    const task = await d.nextTask();
    await install(d, task, "ok");
    await d.answer(task.id, false, "late copy");
    await eventually(
      () => job(jobId),
      (j) => j.remaining === 0,
    );
    await t.app.devices.traffic.flush();
    expect(await job(jobId)).toMatchObject({ status: "done", done: 1, failed: 0 });
    const [row] = await t.database.db.select().from(deviceTasks).where(eq(deviceTasks.id, task.id));
    expect(row).toMatchObject({ status: "succeeded" });
  });

  it("uploads a configuration, done when the device says it is applied", async () => {
    const d = await device();
    const res = await admin.post("/api/devices/actions", {
      action: "config_upload",
      device_id: [d.id],
      file_id: config.id,
      canary_percent: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jobId } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);
    const task = await d.nextTask();
    expect(task.file).not.toHaveProperty("version");
    await d.answer(task.id, true, "Configuration applied");
    expect(
      await eventually(
        () => job(jobId),
        (j) => j.status === "done",
      ),
    ).toMatchObject({ action: "config_upload", label: "Configuration upload", done: 1 });
  });

  it("rolls out to every device the device list's filter matches, and to no other", async () => {
    const [north, south] = [await device(), await device()];
    await t.database.db
      .update(devices)
      .set({ name: "north-yard-gateway" })
      .where(eq(devices.id, north.id));
    const res = await admin.post("/api/devices/actions", {
      action: "config_upload",
      filter: { q: "north-yard", status: "online" },
      file_id: config.id,
      canary_percent: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jobId } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);
    const task = await north.nextTask();
    await north.answer(task.id, true, "Configuration applied");
    expect(
      await eventually(
        () => job(jobId),
        (j) => j.status === "done",
      ),
    ).toMatchObject({ total: 1, done: 1 });
    expect((await steps(jobId)).data.map((s) => s.device_id)).toEqual([north.id]);
    expect(south.tasks).toEqual([]);
  });
});

describe("who may roll out what", () => {
  it("refuses a file of the wrong type, another company's file and devices outside the tree", async () => {
    const d = await device();
    const wrongType = await rollout(admin, [d.id], { file_id: config.id });
    expect(wrongType.statusCode).toBe(422);
    const { agent: stranger } = await signedInAgent(t, { company: sibling, role: "admin" });
    const theirs = await upload(
      stranger,
      { type: "firmware" },
      { name: "theirs.bin", content: IMAGE },
    );
    const foreignFile = await rollout(admin, [d.id], {
      file_id: theirs.json<{ meta: { id: number } }>().meta.id,
    });
    expect(foreignFile.statusCode).toBe(404);
    const foreignDevice = await stranger.post("/api/devices/actions", {
      action: "firmware_upload",
      device_id: [d.id],
      file_id: theirs.json<{ meta: { id: number } }>().meta.id,
    });
    expect(foreignDevice.statusCode).toBe(404);
    expect(d.tasks).toHaveLength(0);
  });

  it("keeps a job, its steps and its controls to users who see its devices and may update them", async () => {
    const d = await device();
    const res = await rollout(admin, [d.id], { canary_percent: 0 });
    const { jobId } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);
    const { agent: stranger } = await signedInAgent(t, { company: sibling, role: "admin" });
    expect((await stranger.get(`/api/devices/actions/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/devices/actions/jobs/${jobId}/steps`)).statusCode).toBe(404);
    expect(
      (await stranger.put(`/api/devices/actions/jobs/${jobId}`, { status: "paused" })).statusCode,
    ).toBe(404);
    const { agent: reader } = await signedInAgent(t, { company, role: "read_only" });
    expect((await reader.get(`/api/devices/actions/jobs/${jobId}`)).statusCode).toBe(200);
    expect(
      (await reader.put(`/api/devices/actions/jobs/${jobId}`, { status: "paused" })).statusCode,
    ).toBe(403);
    expect((await rollout(reader, [d.id])).statusCode).toBe(403);
    expect(
      (await reader.post("/api/devices/updates/cancel", { data: [{ id: d.id, job_id: [jobId] }] }))
        .statusCode,
    ).toBe(403);
  });
});

describe("the RMS update routes", () => {
  it("sets updates per device, lists the offline ones as pending and cancels them", async () => {
    const offline = await enrol(t, token);
    const online = await device();
    const res = await admin.post("/api/devices/updates/set", {
      data: [
        {
          id: offline.device_id,
          action: "update_firmware",
          file_id: firmware.id,
          offline: true,
          keep_settings: false,
        },
        {
          id: online.id,
          action: "update_firmware",
          file_id: firmware.id,
          offline: true,
          keep_settings: false,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expectMatchesReference("POST", "/api/devices/updates/set", 200, res.json());
    const { jobId } = await follow(res.json<{ meta: { channel: string } }>().meta.channel);
    // One wave: both at once.
    expect((await online.nextTask()).file).toMatchObject({ keep_settings: false });
    await eventually(
      async () =>
        (await admin.get("/api/devices/updates/pending?limit=100")).json<{
          data: { device_id: number }[];
        }>(),
      (body) => body.data.some((p) => p.device_id === offline.device_id),
    );

    const cancel = await admin.post("/api/devices/updates/cancel", {
      data: [{ id: offline.device_id, job_id: [jobId] }],
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expectMatchesReference("POST", "/api/devices/updates/cancel", 200, cancel.json());
    expect(cancel.json()).toEqual({ success: true, data: [jobId] });
    const pending = await admin.get("/api/devices/updates/pending?limit=100");
    expect(
      pending.json<{ data: { device_id: number }[] }>().data.map((p) => p.device_id),
    ).not.toContain(offline.device_id);
    const step = await stepOf(jobId, offline.device_id);
    expect(step.status).toBe("failed");

    const again = await admin.post("/api/devices/updates/cancel", {
      data: [{ id: offline.device_id, job_id: [jobId] }],
    });
    expect(again.statusCode).toBe(404);
    const mixed = await admin.post("/api/devices/updates/set", {
      data: [
        { id: online.id, action: "update_firmware", file_id: firmware.id, offline: true },
        { id: offline.device_id, action: "upload_backup", file_id: config.id, offline: true },
      ],
    });
    expect(mixed.statusCode).toBe(422);
  });
});

describe("maintenance windows and versions", () => {
  it("knows when a device may next install, in its own time zone", () => {
    const at = new Date("2026-03-10T12:30:00Z");
    // Vilnius is UTC+2 in March: 14:30 there.
    expect(nextWindowStart({ from: "14:00", to: "15:00" }, "Europe/Vilnius", at)).toBeUndefined();
    expect(nextWindowStart({ from: "15:00", to: "16:00" }, "Europe/Vilnius", at)).toEqual(
      new Date("2026-03-10T13:00:00Z"),
    );
    // Across midnight, and a zone nobody knows follows UTC.
    expect(nextWindowStart({ from: "22:00", to: "04:00" }, "Nowhere/Atlantis", at)).toEqual(
      new Date("2026-03-10T22:00:00Z"),
    );
    expect(nextWindowStart({ from: "22:00", to: "13:00" }, null, at)).toBeUndefined();
  });
});
