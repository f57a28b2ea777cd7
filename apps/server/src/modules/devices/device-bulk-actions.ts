import {
  DEVICE_MESSAGES,
  type DeviceDeleteBody,
  type DeviceMoveBody,
  type DeviceRenameBody,
} from "@netfleet/contracts/schemas/devices";
import type { Db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../plugins/errors";
import type { ActionDefinition, ActionEngine } from "../actions/action-engine";
import { companiesRepo } from "../companies/companies.repo";
import { deviceHistoryRepo } from "./device-history.repo";
import { selectDevices } from "./device-selection";
import { devicesRepo } from "./devices.repo";

const UNKNOWN_COMPANY = "No such company in your company tree.";

interface MoveParams {
  company_id: number;
}
interface RenameParams {
  name: string;
}

/**
 * Moving, renaming and deleting devices on the action engine. Each step finds its device
 * (and the target company) in the user's tree as it is when the step runs.
 */
export const deviceBulkActions: Record<string, ActionDefinition> = {
  devices_move: {
    label: "Move",
    permission: "update_devices",
    async run(tx, actor, step) {
      const { company_id: companyId } = step.params as MoveParams;
      const repo = devicesRepo(tx);
      const device = await repo.placeOf(actor.tenant, step.deviceId);
      if (!device) throw new AppError("NOT_FOUND", DEVICE_MESSAGES.unknownDevice);
      const company = await companiesRepo(tx).node(actor.tenant, companyId);
      if (!company) throw new AppError("VALIDATION_FAILED", UNKNOWN_COMPANY);
      if (device.companyId === company.id) return `Already in ${company.name}`;
      await repo.move(device.id, company);
      const message = `Moved from ${device.companyName} to ${company.name}`;
      // The device's move log: its activity says who moved it from where to where.
      await deviceHistoryRepo(tx).insertActivity([
        {
          deviceId: device.id,
          at: new Date(),
          type: "moved",
          message: `${message} by ${actor.user.email}`,
          userId: actor.user.id,
        },
      ]);
      return message;
    },
  },

  devices_rename: {
    label: "Rename",
    permission: "update_devices",
    async run(tx, actor, step) {
      const { name } = step.params as RenameParams;
      if (!(await devicesRepo(tx).update(actor.tenant, step.deviceId, { name })))
        throw new AppError("NOT_FOUND", DEVICE_MESSAGES.unknownDevice);
      return `Renamed to ${name}`;
    },
  },

  devices_delete: {
    label: "Delete",
    permission: "delete_devices",
    async run(tx, actor, step) {
      const repo = devicesRepo(tx);
      const device = await repo.placeOf(actor.tenant, step.deviceId);
      if (!device || !(await repo.remove(device.id)))
        throw new AppError("NOT_FOUND", DEVICE_MESSAGES.unknownDevice);
      await deviceHistoryRepo(tx).forgetTelemetry(device.id);
      return `Deleted ${device.name}`;
    },
  },
};

/** `POST /api/devices/move/`: the target company must be in the actor's tree. */
export async function moveDevices(
  db: Db,
  engine: ActionEngine,
  actor: Actor,
  body: DeviceMoveBody,
) {
  const ids = await selectDevices(db, actor, body);
  if (!(await companiesRepo(db).findInScope(actor.tenant, body.company_id)))
    throw new AppError("VALIDATION_FAILED", UNKNOWN_COMPANY, { source: "company_id" });
  return engine.request(
    actor,
    "devices_move",
    ids.map((deviceId) => ({
      deviceId,
      params: { company_id: body.company_id } satisfies MoveParams,
    })),
  );
}

/** `DELETE /api/devices`. */
export async function deleteDevices(
  db: Db,
  engine: ActionEngine,
  actor: Actor,
  body: DeviceDeleteBody,
) {
  const ids = await selectDevices(db, actor, body);
  return engine.request(
    actor,
    "devices_delete",
    ids.map((deviceId) => ({ deviceId, params: {} })),
  );
}

/** `PUT /api/devices/rename`: the last name given for a device wins. */
export async function renameDevices(
  db: Db,
  engine: ActionEngine,
  actor: Actor,
  body: DeviceRenameBody,
) {
  const names = new Map(body.data.map((entry) => [entry.device_id, entry.name]));
  await selectDevices(db, actor, { device_id: [...names.keys()] });
  return engine.request(
    actor,
    "devices_rename",
    [...names].map(([deviceId, name]) => ({ deviceId, params: { name } satisfies RenameParams })),
  );
}
