import { z } from "zod";
import { idParamSchema, idSchema } from "./common";
import { DEVICE_BULK_MAX_IDS, deviceSelectionShape, oneSelection } from "./devices";

/**
 * What happens to a device beyond its current state: its activity (table device_events),
 * the tasks sent down to it (device_tasks), the actions a user asks for
 * (`POST /api/devices/actions`, as RMS API v3 has it) and the live status of a company's
 * devices pushed over realtime.
 */

/**
 * Activity types the server writes. Every other type is one a device reported in an
 * `nf/{id}/up/event` message (device-protocol.ts); a device may not report these.
 *
 * - `connected`: the device came online (it said so, or a heartbeat arrived while it was
 *   offline). Message "Connected".
 * - `disconnected`: it went offline: it said so, its connection dropped (the broker sent
 *   its last will), or no heartbeat arrived for DEVICE_HEARTBEAT_TIMEOUT_SECONDS (message
 *   "No heartbeat for 3 minutes").
 * - `task`: a user asked for a task (`user_id`, `task_id`), e.g. "Reboot requested by …".
 * - `task_result`: how a task ended (`task_id`): succeeded, failed or expired.
 * - `moved`: a user moved the device to another company (`user_id`), "Moved from A to B by …".
 */
export const SERVER_ACTIVITY_TYPES = [
  "connected",
  "disconnected",
  "task",
  "task_result",
  "moved",
] as const;
export type ServerActivityType = (typeof SERVER_ACTIVITY_TYPES)[number];

/**
 * The type of an event a device reports: a lower-case word such as `config_changed` or
 * `wan.failover`. Anything else, or one of SERVER_ACTIVITY_TYPES, is refused.
 */
export const DEVICE_EVENT_TYPE = /^[a-z][a-z0-9_.-]{0,63}$/;

export function isDeviceEventType(type: string): boolean {
  return (
    DEVICE_EVENT_TYPE.test(type) && !(SERVER_ACTIVITY_TYPES as readonly string[]).includes(type)
  );
}

/** One entry of a device's activity. */
export const deviceActivitySchema = z.object({
  id: z.number().int(),
  /** `Y-m-d H:i:s` in UTC (dates.ts). */
  at: z.string(),
  /** One of SERVER_ACTIVITY_TYPES, or a type the device reported. */
  type: z.string(),
  message: z.string().nullable(),
  /** The user who asked, for `task`. */
  user_id: z.number().int().nullable(),
  /** The task a `task` or `task_result` entry is about. */
  task_id: z.string().nullable(),
});
export type DeviceActivity = z.infer<typeof deviceActivitySchema>;

/**
 * How a task stands. `pending` until the device answers; `expired` when it did not answer
 * within DEVICE_TASK_TIMEOUT_SECONDS (it may have been offline all along).
 */
export const DEVICE_TASK_STATUSES = ["pending", "succeeded", "failed", "expired"] as const;
export type DeviceTaskStatus = (typeof DEVICE_TASK_STATUSES)[number];

/**
 * A task sent down to a device. Delivery is at least once: a pending task is published when
 * it is asked for and again whenever the device comes online, until it answers. So a
 * device subscribes to its down topics before it publishes its online status, runs a task
 * id once (remembering it across its own restarts) and answers every copy; for a reboot it
 * answers first, then restarts.
 */
export const deviceTaskSchema = z.object({
  /** A UUID; the `id` of the task and task-result messages. */
  id: z.string(),
  device_id: z.number().int(),
  action: z.string(),
  status: z.enum(DEVICE_TASK_STATUSES),
  message: z.string().nullable(),
  requested_by: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type DeviceTask = z.infer<typeof deviceTaskSchema>;

/**
 * The actions of `POST /devices/actions` in RMS API v3. Netfleet runs `reboot`; the others
 * are refused with 422 until devices can run them. `reboot` comes first: it is the one
 * example that works.
 */
export const DEVICE_ACTIONS = [
  "reboot",
  "download_troubleshoot",
  "download_eventslog",
  "download_backup",
  "update_metrics_data",
] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

/** The actions Netfleet runs today. */
export const AVAILABLE_DEVICE_ACTIONS: readonly DeviceAction[] = ["reboot"];

/**
 * The console's bulk actions on many devices at once (FM-CALL-045). The two rollouts run
 * (`deviceUpdateRequestSchema`); the others come with task groups, API requests,
 * configuration templates and adding devices by action, and are refused until then.
 */
export const BULK_ACTIONS = [
  "firmware_upload",
  "config_upload",
  "execute_tasks_group",
  "api_request",
  "execute_mulficonfig_template",
  "add_device",
] as const;
const LATER_BULK_ACTIONS = BULK_ACTIONS.filter(
  (action) => action !== "firmware_upload" && action !== "config_upload",
);

export const deviceActionRequestSchema = z
  .object({
    action: z.enum([...DEVICE_ACTIONS, ...LATER_BULK_ACTIONS]).superRefine((action, ctx) => {
      if (!(AVAILABLE_DEVICE_ACTIONS as readonly string[]).includes(action)) {
        ctx.addIssue({
          code: "custom",
          message: `${action} is not available in this version of Netfleet.`,
        });
      }
    }),
    ...deviceSelectionShape,
  })
  .superRefine(oneSelection);
export type DeviceActionRequest = z.infer<typeof deviceActionRequestSchema>;

/**
 * `POST /api/devices/actions/cancel` (RMS `cancel_action`): every step not yet done of
 * these devices' actions, or of these actions (`job_id`: an action's `scheduler_id`).
 */
export const cancelActionsBodySchema = z
  .object({
    device_id: z.array(idSchema).min(1).max(DEVICE_BULK_MAX_IDS).optional(),
    job_id: z.array(idSchema).min(1).max(100).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.device_id === undefined && value.job_id === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["device_id"],
        message: "Name the devices (device_id) or the actions (job_id) to cancel.",
      });
    }
  });
export type CancelActionsBody = z.infer<typeof cancelActionsBodySchema>;

/**
 * The answer: progress is pushed as `ActionStatusUpdated` (events.ts) on `meta.channel`,
 * a `private-status.…` channel only the requesting user may join.
 */
export const deviceActionAnswerSchema = z.object({
  success: z.literal(true),
  meta: z.object({ channel: z.string() }),
});
export type DeviceActionAnswer = z.infer<typeof deviceActionAnswerSchema>;

export { ALL_DEVICES_STATUS_CHANNEL, DEVICES_STATUS_EVENT, deviceStatusChannel } from "../events";

/** A device whose connection status changed. */
export const deviceStatusChangeSchema = z.object({
  id: z.number().int(),
  /** 0 Offline, 1 Online (as in the device list). */
  status: z.number().int(),
  /** `Y-m-d H:i:s` in UTC; null for a device never heard from. */
  last_seen_at: z.string().nullable(),
});
export type DeviceStatusChange = z.infer<typeof deviceStatusChangeSchema>;

/**
 * The payload of `DEVICES_STATUS_EVENT`: every device whose status changed since the
 * channel's last push, its latest status only. With `overflow` too many changed at once
 * for one message: `devices` is empty and the listener reads the list again instead.
 */
export const devicesStatusUpdateSchema = z.object({
  devices: z.array(deviceStatusChangeSchema),
  overflow: z.boolean(),
});
export type DevicesStatusUpdate = z.infer<typeof devicesStatusUpdateSchema>;

/** `GET /api/devices/actions/logs`: one device's part of every bulk action, newest first. */
export const actionLogsQuerySchema = z.object({
  device_id: idParamSchema,
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ActionLogsQuery = z.infer<typeof actionLogsQuerySchema>;

/** What happened in a device's step of an action: one event, the step's outcome. */
export const actionLogEventSchema = z.object({
  /** The action's id, as `scheduler_id`. */
  reference_id: z.string(),
  action: z.string(),
  /** ISO 8601 (UTC). */
  created_at: z.string(),
  message: z.string(),
});

/** One device's step of one action, as RMS API v3 logs an action. */
export const actionLogSchema = z.object({
  device_id: z.number().int(),
  device_name: z.string(),
  device_serial: z.string().nullable(),
  /** The engine's name of the action: `tags_assign`, `tags_unassign`, `tags_overwrite`. */
  action_name: z.string(),
  /** The action's id: every device's step of one action shares it. */
  scheduler_id: z.string(),
  /** `pending`, `done` or `failed`. */
  request_target_state: z.enum(["pending", "done", "failed"]),
  /** `request`: a user's call, from the console or the API. */
  action_initialized_from: z.string(),
  /** ISO 8601 (UTC): when the action was asked for. */
  created_at: z.string(),
  /** ISO 8601 (UTC): when this device's step ended; absent while it waits. */
  finished_at: z.string().optional(),
  events: z.array(actionLogEventSchema),
});
export type ActionLog = z.infer<typeof actionLogSchema>;
