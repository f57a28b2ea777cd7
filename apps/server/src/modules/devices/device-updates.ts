import { type FileTaskAction, installedFirmware } from "@netfleet/contracts/device-protocol";
import { DEVICE_MESSAGES } from "@netfleet/contracts/schemas/devices";
import {
  type CancelUpdatesBody,
  type DeviceUpdateRequest,
  RMS_UPDATE_ACTIONS,
  type RolloutPlan,
  type SetUpdatesBody,
  UPDATE_FILE_TYPE,
  UPDATE_MESSAGES,
} from "@netfleet/contracts/schemas/device-updates";
import type { Db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../plugins/errors";
import type { ActionDefinition, ActionEngine } from "../actions/action-engine";
import { filesRepo } from "../files/files.repo";
import { actionLabel } from "./device-task-status";
import type { DeviceTraffic } from "./device-traffic";
import { cancelSteps } from "./device-task-actions";
import { selectDevices } from "./device-selection";
import { devicesRepo } from "./devices.repo";

/** What each device's step of a rollout takes. */
interface UpdateStep {
  file_id: number;
  keep_settings: boolean;
  offline: boolean;
  window: RolloutPlan["window"];
}

const MINUTES_A_DAY = 1440;

/** Minutes since midnight at `at` in a time zone; UTC for a zone the runtime does not know. */
function minutesOfDay(at: Date, timezone: string | null): number {
  let zone = "UTC";
  try {
    if (timezone) {
      new Intl.DateTimeFormat("en", { timeZone: timezone });
      zone = timezone;
    }
  } catch {
    // A zone the device made up: its window follows UTC.
  }
  const parts = new Intl.DateTimeFormat("en", {
    timeZone: zone,
    hourCycle: "h23",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When a device may next install, given a daily window of its local time: `undefined`
 * inside the window (now), otherwise the start of the next opening. `to` before `from`
 * spans midnight; `from` equal to `to` is the whole day.
 */
export function nextWindowStart(
  window: NonNullable<RolloutPlan["window"]>,
  timezone: string | null,
  now: Date,
): Date | undefined {
  const at = minutesOfDay(now, timezone);
  const from = clockMinutes(window.from);
  const to = clockMinutes(window.to);
  const inside = from === to || (from < to ? at >= from && at < to : at >= from || at < to);
  if (inside) return undefined;
  const wait = (from - at + MINUTES_A_DAY) % MINUTES_A_DAY;
  const start = new Date(now.getTime() + wait * 60_000);
  start.setUTCSeconds(0, 0);
  return start;
}

/** The file an update installs, if the actor sees it and it is of the update's type. */
async function updateFile(db: Db, actor: Actor, action: FileTaskAction, fileId: number) {
  const [row] = await filesRepo(db).visibleByIds(actor.tenant, [fileId]);
  if (!row) throw new AppError("NOT_FOUND", UPDATE_MESSAGES.unknownFile, { source: "file_id" });
  if (row.file.type !== UPDATE_FILE_TYPE[action]) {
    throw new AppError("VALIDATION_FAILED", UPDATE_MESSAGES.wrongFileType, { source: "file_id" });
  }
  return row.file;
}

/**
 * Firmware and configuration rollouts. Each step checks again that the user sees the device
 * and the file, waits for the device's maintenance window, and sends the device a task
 * with a one-time download; the step ends when the device answers (on the new firmware,
 * for an update) or its task expires. An offline device gets its task when it returns, or
 * its step fails when the rollout was asked not to wait.
 */
export function deviceUpdateActions(traffic: DeviceTraffic): Record<string, ActionDefinition> {
  const define = (action: FileTaskAction): ActionDefinition => ({
    label: actionLabel(action),
    permission: "update_devices",
    async run(tx, actor, step) {
      const params = step.params as UpdateStep;
      const device = await devicesRepo(tx).updateTargetOf(actor.tenant, step.deviceId);
      if (!device) throw new AppError("NOT_FOUND", DEVICE_MESSAGES.unknownDevice);
      const file = await updateFile(tx, actor, action, params.file_id);
      const online = device.status === 1;
      if (!online && !params.offline) throw new AppError("CONFLICT", UPDATE_MESSAGES.offline);
      if (params.window) {
        const later = nextWindowStart(params.window, device.timezone, new Date());
        if (later) {
          return {
            later,
            reason: `Waiting for the maintenance window (${params.window.from}–${params.window.to} device time)`,
          };
        }
      }
      const firmware = action === "firmware_upload";
      const sent = await traffic.startTask(tx, {
        deviceId: step.deviceId,
        action,
        actionId: step.actionId,
        user: actor.user,
        params: {
          file_id: file.id,
          name: file.name,
          sha256: file.sha256,
          size: file.fileSize,
          ...(firmware
            ? {
                version: installedFirmware(file),
                keep_settings: params.keep_settings,
              }
            : {}),
        },
        whenOnline: !online,
      });
      return {
        waiting: online
          ? "Sent to the device, waiting for it to install the file"
          : "Waiting for the device to come online",
        sent,
      };
    },
  });
  return { firmware_upload: define("firmware_upload"), config_upload: define("config_upload") };
}

/**
 * A rollout from the console (`POST /api/devices/actions`): the file must be one the actor
 * sees, of the right type; the devices are named or filtered (a tag, a company).
 */
export async function requestUpdate(
  db: Db,
  engine: ActionEngine,
  actor: Actor,
  body: DeviceUpdateRequest,
): Promise<string> {
  const file = await updateFile(db, actor, body.action, body.file_id);
  const ids = await selectDevices(db, actor, body);
  const step: UpdateStep = {
    file_id: file.id,
    keep_settings: body.keep_settings,
    offline: body.offline,
    window: body.window,
  };
  return engine.request(
    actor,
    body.action,
    ids.map((deviceId) => ({ deviceId, params: step })),
    {
      canary_percent: body.canary_percent,
      failure_threshold: body.failure_threshold,
      window: body.window,
      file_name: file.name,
    },
  );
}

/**
 * `POST /api/devices/updates/set` (RMS API v3): an update per device, all at once (one
 * wave, never paused); one kind of update per request, each device once.
 */
export async function setUpdates(
  db: Db,
  engine: ActionEngine,
  actor: Actor,
  body: SetUpdatesBody,
): Promise<string> {
  const kinds = new Set(body.data.map((entry) => entry.action));
  if (kinds.size > 1) {
    throw new AppError(
      "VALIDATION_FAILED",
      "Set firmware updates and backup uploads in separate requests.",
      { source: "data" },
    );
  }
  const action = RMS_UPDATE_ACTIONS[body.data[0]!.action];
  const ids = body.data.map((entry) => entry.id);
  if (new Set(ids).size !== ids.length) {
    throw new AppError("VALIDATION_FAILED", "Name each device once.", { source: "data" });
  }
  const names = new Map<number, string>();
  for (const fileId of new Set(body.data.map((entry) => entry.file_id))) {
    names.set(fileId, (await updateFile(db, actor, action, fileId)).name);
  }
  await selectDevices(db, actor, { device_id: ids });
  return engine.request(
    actor,
    action,
    body.data.map((entry) => ({
      deviceId: entry.id,
      params: {
        file_id: entry.file_id,
        keep_settings: entry.keep_settings ?? true,
        offline: entry.offline,
        window: null,
      } satisfies UpdateStep,
    })),
    {
      canary_percent: 0,
      failure_threshold: 100,
      window: null,
      file_name: names.size === 1 ? [...names.values()][0]! : `${names.size} files`,
    },
  );
}

/**
 * `POST /api/devices/updates/cancel` (RMS API v3): each device's steps of the jobs named.
 * Answers the jobs that had something cancelled, and an error for each device and job
 * with nothing left to cancel.
 */
export async function cancelUpdates(
  db: Db,
  engine: ActionEngine,
  actor: Actor & { user: { email: string } },
  body: CancelUpdatesBody,
) {
  const cancelled = new Set<number>();
  const errors: { code: string; source: string; message: string }[] = [];
  for (const entry of body.data) {
    const steps = await cancelSteps(db, engine, actor, {
      deviceIds: [entry.id],
      actionIds: entry.job_id,
    });
    const hit = new Set(steps.map((step) => step.actionId));
    for (const jobId of entry.job_id) {
      if (hit.has(jobId)) cancelled.add(jobId);
      else {
        errors.push({
          code: "NOT_FOUND",
          source: String(jobId),
          message: `Device ${entry.id} has no update of this job left to cancel.`,
        });
      }
    }
  }
  return { cancelled: [...cancelled], errors };
}
