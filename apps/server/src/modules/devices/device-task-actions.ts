import type { CancelActionsBody } from "@netfleet/contracts/schemas/device-activity";
import { DEVICE_MESSAGES, type DeviceSelection } from "@netfleet/contracts/schemas/devices";
import type { Actor } from "../../lib/actor";
import type { Auth } from "../../plugins/auth";
import type { Db } from "../../db/client";
import { AppError } from "../../plugins/errors";
import type { ActionDefinition, ActionEngine } from "../actions/action-engine";
import { actionLabel } from "./device-task-status";
import type { DeviceTraffic } from "./device-traffic";
import { deviceTasksRepo } from "./device-tasks.repo";
import { selectDevices } from "./device-selection";
import { deviceListRepo } from "./devices-list.repo";

/**
 * The actions devices run themselves: each step sends its device a task over MQTT (now, or
 * when it next comes online) and waits for the device's answer or the task's expiry.
 */
export function deviceTaskActions(traffic: DeviceTraffic): Record<string, ActionDefinition> {
  return {
    reboot: {
      label: actionLabel("reboot"),
      permission: "update_devices",
      async run(tx, actor, step) {
        // The device may have moved out of the user's reach since the action was asked for.
        if ((await deviceListRepo(tx).idsInScope(actor.tenant, [step.deviceId])).length === 0)
          throw new AppError("NOT_FOUND", DEVICE_MESSAGES.unknownDevice);
        const sent = await traffic.startTask(tx, {
          deviceId: step.deviceId,
          action: "reboot",
          actionId: step.actionId,
          user: actor.user,
        });
        return { waiting: "Sent to the device, waiting for its answer", sent };
      },
    },
  };
}

/**
 * `POST /api/devices/actions`: refused whole when a named device is outside the actor's
 * tree (as a device that does not exist); otherwise an action with a step per device.
 */
export async function requestDeviceTask(
  db: Db,
  engine: ActionEngine,
  actor: Actor,
  action: "reboot",
  selection: DeviceSelection,
): Promise<string> {
  const ids = await selectDevices(db, actor, selection);
  return engine.request(
    actor,
    action,
    ids.map((deviceId) => ({ deviceId, params: {} })),
  );
}

/**
 * `POST /api/devices/actions/cancel`: fails every step not yet done of these devices, or of
 * these actions, on devices the actor sees; a step waiting for its device fails its task
 * too, so the device's later answer changes nothing. Answers how many steps were cancelled.
 */
export async function cancelDeviceActions(
  db: Db,
  engine: ActionEngine,
  actor: Auth,
  body: CancelActionsBody,
): Promise<number> {
  if (body.device_id) await selectDevices(db, actor, { device_id: body.device_id });
  const actionIds = body.job_id && [...new Set(body.job_id)];
  if (
    actionIds &&
    (await engine.actionsInScope(actor.tenant, actionIds)).length !== actionIds.length
  ) {
    throw new AppError("NOT_FOUND", "No such action.", { source: "job_id" });
  }
  return (await cancelSteps(db, engine, actor, { deviceIds: body.device_id, actionIds })).length;
}

/**
 * Fails the steps not yet done that match, on devices the actor sees, with the tasks of
 * those that waited for their device; says so on each action's channel. Answers them.
 */
export async function cancelSteps(
  db: Db,
  engine: ActionEngine,
  actor: Actor & { user: { email: string } },
  match: { deviceIds?: readonly number[] | undefined; actionIds?: readonly number[] | undefined },
) {
  const message = `Cancelled by ${actor.user.email}`;
  const cancelled = await db.transaction(async (tx) => {
    const steps = await engine.cancel(
      tx,
      actor.tenant,
      {
        ...(match.deviceIds ? { deviceIds: match.deviceIds } : {}),
        ...(match.actionIds ? { actionIds: match.actionIds } : {}),
      },
      message,
    );
    await deviceTasksRepo(tx).cancelForSteps(
      steps.filter((step) => step.wasWaiting),
      message,
    );
    return steps;
  });
  await engine.announce(cancelled.map((step) => ({ ...step, latest: message })));
  return cancelled;
}
