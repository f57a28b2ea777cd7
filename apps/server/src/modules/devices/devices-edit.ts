import type { ApiError } from "@netfleet/contracts/envelope";
import {
  DEVICE_MESSAGES,
  type DeviceTagsBody,
  type DeviceUpdateBody,
} from "@netfleet/contracts/schemas/devices";
import type { Db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../plugins/errors";
import { deviceListRepo, type DeviceListRow } from "./devices-list.repo";
import { devicesRepo } from "./devices.repo";

export type TagMode = "add" | "remove" | "replace";

interface TagChange {
  deviceId: number;
  tagIds: readonly number[];
  /** Where the change came from in the request, for errors: `tag_id` or `data.3.tag_id`. */
  source: string;
}

/**
 * Checks tag changes against what the actor may see: every device and tag of the actor's
 * tree, and every tag put on a device of its own company or one below (a tag never shows
 * on devices of a branch that cannot see it). A device or tag outside the tree is refused
 * exactly as one that does not exist.
 */
async function checkTagChanges(
  db: Db,
  actor: Actor,
  mode: TagMode,
  changes: readonly TagChange[],
  deviceSource: (index: number) => string,
) {
  const repo = devicesRepo(db);
  const places = new Map(
    (await repo.placesOf(actor.tenant, [...new Set(changes.map((c) => c.deviceId))])).map((p) => [
      p.id,
      p.companyPath,
    ]),
  );
  const tagPlaces = new Map(
    (await repo.tagPlacesOf(actor.tenant, [...new Set(changes.flatMap((c) => c.tagIds))])).map(
      (p) => [p.id, p.companyPath],
    ),
  );
  const errors: ApiError[] = [];
  changes.forEach((change, index) => {
    const devicePath = places.get(change.deviceId);
    if (devicePath === undefined) {
      errors.push({
        code: "NOT_FOUND",
        message: DEVICE_MESSAGES.unknownDevice,
        source: deviceSource(index),
      });
      return;
    }
    if (change.tagIds.some((id) => !tagPlaces.has(id))) {
      errors.push({
        code: "VALIDATION_FAILED",
        message: DEVICE_MESSAGES.unknownTags,
        source: change.source,
      });
    } else if (
      mode !== "remove" &&
      change.tagIds.some((id) => !devicePath.startsWith(tagPlaces.get(id)!))
    ) {
      errors.push({
        code: "VALIDATION_FAILED",
        message: DEVICE_MESSAGES.tagOfAnotherBranch,
        source: change.source,
      });
    }
  });
  const [first, ...rest] = errors;
  if (first) {
    throw new AppError(
      first.code === "NOT_FOUND" ? "NOT_FOUND" : "VALIDATION_FAILED",
      first.message,
      {
        source: first.source,
        extra: rest,
      },
    );
  }
}

/**
 * `PUT /api/devices/{id}`: name, description and tags in one transaction. Answers the device
 * as the list shows it; a device outside the actor's tree is not found.
 */
export async function updateDevice(
  db: Db,
  actor: Actor,
  id: number,
  body: DeviceUpdateBody,
): Promise<DeviceListRow> {
  return db.transaction(async (tx) => {
    const values = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.description === undefined ? {} : { description: body.description || null }),
    };
    if (!(await devicesRepo(tx).update(actor.tenant, id, values))) {
      throw new AppError("NOT_FOUND", DEVICE_MESSAGES.unknownDevice);
    }
    if (body.tag_id !== undefined) {
      const change = { deviceId: id, tagIds: [...new Set(body.tag_id)], source: "tag_id" };
      await checkTagChanges(tx, actor, "replace", [change], () => "id");
      await devicesRepo(tx).changeTags("replace", [change]);
    }
    const [row] = await deviceListRepo(tx).byIds(actor.tenant, [id]);
    return row!;
  });
}

/** `PUT /api/devices/tags/assign|unassign|overwrite`: every change or none. */
export async function changeDeviceTags(
  db: Db,
  actor: Actor,
  mode: TagMode,
  body: DeviceTagsBody,
): Promise<void> {
  const changes = body.data.map((entry, index) => ({
    deviceId: entry.device_id,
    tagIds: [...new Set(entry.tag_id)],
    source: `data.${index}.tag_id`,
  }));
  await db.transaction(async (tx) => {
    await checkTagChanges(tx, actor, mode, changes, (index) => `data.${index}.device_id`);
    await devicesRepo(tx).changeTags(mode, changes);
  });
}
