import { DEVICE_MESSAGES, type DeviceSelection } from "@netfleet/contracts/schemas/devices";
import type { Actor } from "../../lib/actor";
import type { Db } from "../../db/client";
import { AppError } from "../../plugins/errors";
import type { ActionDefinition, ActionEngine } from "../actions/action-engine";
import { actionLabel } from "./device-task-status";
import type { DeviceTraffic } from "./device-traffic";
import { deviceTasksRepo } from "./device-tasks.repo";
import { selectDevices } from "./device-selection";

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
        if ((await deviceTasksRepo(tx).devicesInScope(actor.tenant, [step.deviceId])).length === 0)
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
