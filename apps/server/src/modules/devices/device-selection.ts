import {
  DEVICE_MESSAGES,
  DEVICE_SELECTION_MAX,
  DEVICE_SELECTION_MESSAGES,
  type DeviceSelection,
} from "@netfleet/contracts/schemas/devices";
import type { Db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../plugins/errors";
import { deviceListRepo } from "./devices-list.repo";

/**
 * The devices a bulk action's body selects, by id. Named devices must all be in the
 * actor's tree (one outside is answered as one that does not exist, and nothing runs); a
 * filter takes every device of the tree it matches now, up to DEVICE_SELECTION_MAX. Each
 * step checks its device again when it runs.
 */
export async function selectDevices(
  db: Db,
  actor: Actor,
  selection: DeviceSelection,
): Promise<number[]> {
  const repo = deviceListRepo(db);
  if (selection.filter) {
    const ids = await repo.idsMatching(actor.tenant, selection.filter, DEVICE_SELECTION_MAX + 1);
    if (ids.length === 0) {
      throw new AppError("VALIDATION_FAILED", DEVICE_SELECTION_MESSAGES.none, { source: "filter" });
    }
    if (ids.length > DEVICE_SELECTION_MAX) {
      throw new AppError("VALIDATION_FAILED", DEVICE_SELECTION_MESSAGES.tooMany, {
        source: "filter",
      });
    }
    return ids;
  }
  const ids = [...new Set(selection.device_id ?? [])];
  const found = await repo.idsInScope(actor.tenant, ids);
  if (found.length !== ids.length) {
    throw new AppError("NOT_FOUND", DEVICE_MESSAGES.unknownDevice, { source: "device_id" });
  }
  return ids;
}
