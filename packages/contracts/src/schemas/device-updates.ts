import { z } from "zod";
import { FILE_TASK_ACTIONS, type FileTaskAction } from "../device-protocol";
import { idParamSchema, idSchema } from "./common";
import { DEVICE_BULK_MAX_IDS, deviceSelectionShape, oneSelection } from "./devices";
import { JOB_STATUSES, STEP_STATES } from "../action-jobs";

/**
 * Firmware and configuration rollouts: a file installed on many devices by the action
 * engine, in waves, each device counted done only once it runs the file.
 */

/** The upload codes (FM-ENTITY-043): a pending update's `job_type`. */
export const UPLOAD_CODES: Record<FileTaskAction, number> = {
  firmware_upload: 100,
  config_upload: 101,
};

/** RMS API v3's names of the update actions (`POST /devices/updates/set`). */
export const RMS_UPDATE_ACTIONS = {
  update_firmware: "firmware_upload",
  upload_backup: "config_upload",
} as const satisfies Record<string, FileTaskAction>;

/** The file type each update installs. */
export const UPDATE_FILE_TYPE: Record<FileTaskAction, "firmware" | "config"> = {
  firmware_upload: "firmware",
  config_upload: "config",
};

export const UPDATE_MESSAGES = {
  unknownFile: "No such file among your company's files and the global firmware.",
  wrongFileType: "This file cannot be installed by this action: choose a file of the right type.",
  offline: "The device is offline.",
  window: "Give both ends of the maintenance window, as HH:MM.",
} as const;

/** "HH:MM", 00:00 to 23:59. */
const clockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "Enter a time as HH:MM");

/**
 * How a rollout goes. A canary share of the devices goes first; the rest follow once every
 * canary device is done with fewer failures than the threshold. Past the threshold (of the
 * devices finished so far) the rollout pauses itself until someone resumes or cancels it.
 * With a window, a device installs only between `from` and `to` of its own local time
 * (`to` before `from` spans midnight); a device that reported no time zone follows UTC.
 */
export const rolloutPlanSchema = z.object({
  canary_percent: z.number().int().min(0).max(100).default(10),
  failure_threshold: z.number().int().min(1).max(100).default(10),
  window: z.object({ from: clockTime, to: clockTime }).nullable().default(null),
});
export type RolloutPlan = z.infer<typeof rolloutPlanSchema>;

/**
 * The console's rollout (`POST /api/devices/actions` with `action` firmware_upload or
 * config_upload): the devices (`device_id`, or `filter`, which takes a tag or a company),
 * the file, and the plan. `offline`: a device offline now gets its update when it returns;
 * without it, an offline device's step fails.
 */
export const deviceUpdateRequestSchema = z
  .object({
    action: z.enum(FILE_TASK_ACTIONS),
    ...deviceSelectionShape,
    file_id: idSchema,
    keep_settings: z.boolean().default(true),
    offline: z.boolean().default(true),
    ...rolloutPlanSchema.shape,
  })
  .superRefine(oneSelection);
export type DeviceUpdateRequest = z.infer<typeof deviceUpdateRequestSchema>;

/** `POST /api/devices/updates/set` (RMS API v3): one update per device, run at once. */
export const setUpdatesBodySchema = z.object({
  data: z
    .array(
      z.object({
        id: idSchema,
        action: z.enum(["update_firmware", "upload_backup"]),
        file_id: idSchema,
        offline: z.boolean(),
        keep_settings: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(DEVICE_BULK_MAX_IDS),
});
export type SetUpdatesBody = z.infer<typeof setUpdatesBodySchema>;

/** `GET /api/devices/updates/pending`: updates waiting for their device to come online. */
export const pendingUpdatesQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(1000).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});

export const pendingUpdateSchema = z.object({
  /** The update's job: cancel it with `POST /api/devices/updates/cancel`. */
  id: z.number().int(),
  /** UPLOAD_CODES. */
  job_type: z.number().int(),
  /** The file it installs. */
  name: z.string(),
  serial: z.string(),
  device_id: z.number().int(),
});
export type PendingUpdate = z.infer<typeof pendingUpdateSchema>;

/** `POST /api/devices/updates/cancel` (RMS API v3): these jobs of these devices. */
export const cancelUpdatesBodySchema = z.object({
  data: z
    .array(z.object({ id: idSchema, job_id: z.array(idSchema).min(1).max(100) }))
    .min(1)
    .max(DEVICE_BULK_MAX_IDS),
});
export type CancelUpdatesBody = z.infer<typeof cancelUpdatesBodySchema>;

export { JOB_STATUSES, STEP_STATES, type JobStatus, type StepState } from "../action-jobs";

/** `GET /api/devices/actions/jobs/{id}`: an action and where it stands. */
export const jobSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  label: z.string(),
  status: z.enum(JOB_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** Steps not yet ended. */
  remaining: z.number().int(),
  /** A rollout's plan and the wave it is in (0: the canary); null for other actions. */
  plan: rolloutPlanSchema.extend({ wave: z.number().int(), file_name: z.string() }).nullable(),
  /** Why it paused itself, when it did. */
  paused_reason: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobStepsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  state: z.enum(STEP_STATES).optional(),
});

/** One device's step of an action. */
export const jobStepSchema = z.object({
  device_id: z.number().int(),
  device_name: z.string().nullable(),
  state: z.enum(STEP_STATES),
  /** 0: the canary. */
  wave: z.number().int(),
  message: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type JobStep = z.infer<typeof jobStepSchema>;

export const jobIdParamsSchema = z.object({ id: idParamSchema });

/** `PUT /api/devices/actions/jobs/{id}`: pause a running action, or resume a paused one. */
export const jobUpdateBodySchema = z.object({ status: z.enum(["paused", "running"]) });
