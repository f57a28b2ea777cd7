import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Job, JobStep } from "@netfleet/contracts/schemas/device-updates";
import type { Fleet } from "./fleet";
import { TestServer, eventually } from "./server-process.test-kit";
import { type SimulateOptions, simulate } from "./simulate";
import { type SimulatedTraits, rejectsUpdates } from "./simulation";

/**
 * Firmware rollouts against a real server process and simulated devices that download the
 * file, check it, install it, reboot and report the new version: the failure threshold
 * pausing a large rollout, a server killed mid-rollout, a device offline when asked.
 */

let server: TestServer;
let token: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-rollout-it-"));
const fleets: Fleet<SimulatedTraits>[] = [];

beforeAll(async () => {
  server = await TestServer.start();
  token = await server.enrolmentToken();
}, 60_000);

afterAll(async () => {
  await Promise.all(fleets.map((fleet) => fleet.stop()));
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

function fleetOf(name: string, devices: number, options: Partial<SimulateOptions>) {
  const fleet = simulate({
    retryMs: 100,
    server: server.url,
    token,
    state: path.join(dir, `${name}.json`),
    devices,
    interval: 5,
    seed: devices,
    outages: 0,
    identity: undefined,
    rebootMs: 500,
    installMs: 300,
    ...options,
  });
  fleets.push(fleet);
  return fleet;
}

const idsOf = (fleet: Fleet<SimulatedTraits>) => fleet.devices.map((d) => d.enrolled!.device_id);

/** Rolls a file out; answers the action's id, as the first device's action log names it. */
async function rollout(fileId: number, ids: number[], plan: Record<string, unknown>) {
  const res = await server.call("POST", "/api/devices/actions", {
    action: "firmware_upload",
    device_id: ids,
    file_id: fileId,
    ...plan,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const log = await server.call<{ data: { scheduler_id: string }[] }>(
    "GET",
    `/api/devices/actions/logs?device_id=${ids[0]}&limit=1`,
  );
  return Number(log.body.data[0]!.scheduler_id);
}

const job = async (id: number) =>
  (await server.call<{ data: Job }>("GET", `/api/devices/actions/jobs/${id}`)).body.data;

/** Steps of the job sent to their device and not yet ended. */
async function inFlight(id: number) {
  const steps = await server.call<{ data: JobStep[] }>(
    "GET",
    `/api/devices/actions/jobs/${id}/steps?limit=500`,
  );
  return steps.body.data.filter((s) => !["queued", "done", "failed"].includes(s.state)).length;
}

/** Devices of the administrator's tree on this firmware. */
const onFirmware = async (version: string) =>
  (
    await server.call<{ meta: { total: number } }>(
      "GET",
      `/api/devices?limit=1&firmware=${encodeURIComponent(version)}`,
    )
  ).body.meta.total;

describe("firmware rollouts with simulated devices", () => {
  it("pauses a 200-device rollout itself once failures pass the threshold, leaving failed devices on their old firmware", async () => {
    const fleet = fleetOf("large", 200, { failUpdates: 5 });
    await fleet.until((s) => s.online === 200, 60_000);
    const fileId = await server.upload(
      "firmware",
      "RUTX_R_00.07.20_WEBUI.bin",
      Buffer.alloc(256 * 1024, 7),
    );
    // The devices that will fail (the simulator's choice, by seed) are named first, so they
    // fall in the canary share (20 devices): the pause comes before the other 180 are sent.
    const failing = (d: (typeof fleet.devices)[number]) => rejectsUpdates(200, d.data.key, 5);
    const ordered = [...fleet.devices].sort((a, b) => Number(failing(b)) - Number(failing(a)));
    const failures = fleet.devices.filter(failing).length;
    expect(failures).toBeGreaterThanOrEqual(5);
    const id = await rollout(
      fileId,
      ordered.map((d) => d.enrolled!.device_id),
      { canary_percent: 10, failure_threshold: 3 },
    );

    const paused = await eventually(
      () => job(id),
      (j) => j.status === "paused",
      60_000,
    );
    expect(paused.status).toBe("paused");
    expect(paused.paused_reason).toMatch(
      /^Paused: \d+ of \d+ devices failed \(\d+ %\), more than the 3 % allowed\./,
    );
    expect(paused.failed).toBeGreaterThan(0);
    expect(paused.remaining).toBeGreaterThan(0);
    // Steps already sent finish (however long a loaded machine takes); nothing new starts
    // while paused.
    await eventually(
      () => inFlight(id),
      (n) => n === 0,
      60_000,
    );
    const settled = await job(id);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await inFlight(id)).toBe(0);
    const later = await job(id);
    expect(later.done + later.failed).toBe(settled.done + settled.failed);
    // The 180 devices after the canary share were never sent.
    expect(later.remaining).toBe(180);
    expect(await onFirmware("RUTX_R_00.07.20")).toBe(later.done);

    const cancelled = await server.call("POST", "/api/devices/actions/cancel", { job_id: [id] });
    expect(cancelled.status).toBe(200);
    expect(
      await eventually(
        () => job(id),
        (j) => j.remaining === 0,
      ),
    ).toMatchObject({
      status: "failed",
    });
  }, 120_000);

  it("finishes a rollout after the server is killed in the middle of it, each device installing once", async () => {
    const fleet = fleetOf("slow", 20, { installMs: 4_000, rebootMs: 1_000 });
    await fleet.until((s) => s.online === 20, 30_000);
    const fileId = await server.upload(
      "firmware",
      "RUTX_R_00.07.21_WEBUI.bin",
      Buffer.alloc(64 * 1024, 9),
    );
    const id = await rollout(fileId, idsOf(fleet), { canary_percent: 0, failure_threshold: 100 });
    // Every device has downloaded the file and is installing it.
    await eventually(
      async () =>
        (
          await server.call<{ meta: { total: number } }>(
            "GET",
            `/api/devices/actions/jobs/${id}/steps?state=installing&limit=1`,
          )
        ).body.meta.total,
      (installing) => installing === 20,
      30_000,
    );

    await server.restart({ kill: true });

    const done = await eventually(
      () => job(id),
      (j) => j.remaining === 0,
      90_000,
    );
    const steps = await server.call<{ data: { message: string }[] }>(
      "GET",
      `/api/devices/actions/jobs/${id}/steps?state=failed&limit=3`,
    );
    expect(done, JSON.stringify(steps.body)).toMatchObject({ status: "done", done: 20, failed: 0 });
    // Sent again after the restart, each task ran once on its device.
    expect(fleet.stats().tasks).toBe(20);
    expect(await onFirmware("RUTX_R_00.07.21")).toBe(20);
    await fleet.stop();
  }, 150_000);

  it("updates a device that was offline when asked once it returns", async () => {
    const fleet = fleetOf("away", 2, {});
    await fleet.until((s) => s.online === 2, 30_000);
    const [away, present] = idsOf(fleet);
    fleet.cut(0, 15);
    await eventually(
      async () =>
        (await server.call<{ data: { status: number } }>("GET", `/api/devices/${away}`)).body.data
          .status,
      (status) => status === 0,
    );
    const fileId = await server.upload(
      "firmware",
      "RUTX_R_00.07.22_WEBUI.bin",
      Buffer.alloc(4096, 1),
    );
    const id = await rollout(fileId, [away!, present!], { canary_percent: 0, offline: true });
    const pending = await eventually(
      () =>
        server.call<{ data: { device_id: number; id: number }[] }>(
          "GET",
          "/api/devices/updates/pending?limit=100",
        ),
      (res) => res.body.data.length > 0,
      15_000,
    );
    expect(pending.body.data).toContainEqual(expect.objectContaining({ device_id: away, id }));

    expect(
      await eventually(
        () => job(id),
        (j) => j.remaining === 0,
        30_000,
      ),
    ).toMatchObject({
      status: "done",
      done: 2,
    });
    expect(await onFirmware("RUTX_R_00.07.22")).toBe(2);
  }, 60_000);
});
