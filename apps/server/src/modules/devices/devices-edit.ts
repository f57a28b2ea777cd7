import type { ApiError } from "@netfleet/contracts/envelope";
import {
  DEVICE_MESSAGES,
  type DeviceTagsBody,
  type DeviceUpdateBody,
} from "@netfleet/contracts/schemas/devices";
import type { Db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../plugins/errors";
import type { ActionDefinition, ActionEngine } from "../actions/action-engine";
import { selectDevices } from "./device-selection";
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

/** The engine's name of each tag action. */
export const TAG_ACTIONS: Record<TagMode, string> = {
  add: "tags_assign",
  remove: "tags_unassign",
  replace: "tags_overwrite",
};

const TAG_LABELS: Record<TagMode, string> = {
  add: "Tag assignment",
  remove: "Tag removal",
  replace: "Tag overwrite",
};

/** A tag step's own part of its action: the tags of its device. */
interface TagStepParams {
  tag_id: number[];
}

/**
 * The tag actions on the action engine. Each device's step checks its change again when it
 * runs (the device or a tag may have moved out of reach meanwhile) and applies it.
 */
export const tagActions: Record<string, ActionDefinition> = Object.fromEntries(
  (Object.keys(TAG_ACTIONS) as TagMode[]).map((mode) => [
    TAG_ACTIONS[mode],
    {
      label: TAG_LABELS[mode],
      permission: "update_devices",
      async run(tx, actor, step) {
        const { tag_id: tagIds } = step.params as TagStepParams;
        const change = { deviceId: step.deviceId, tagIds, source: "tag_id" };
        await checkTagChanges(tx, actor, mode, [change], () => "device_id");
        await devicesRepo(tx).changeTags(mode, [change]);
        return `${TAG_LABELS[mode]} done`;
      },
    } satisfies ActionDefinition,
  ]),
);

/**
 * `PUT /api/devices/tags/assign|unassign|overwrite`: refused whole when any device or tag is
 * out of reach (for a filter: any tag); otherwise queued on the action engine, a step per device. Answers the
 * action's status channel. A device listed twice gets the tags of all its entries.
 */
export async function changeDeviceTags(
  db: Db,
  engine: ActionEngine,
  actor: Actor,
  mode: TagMode,
  body: DeviceTagsBody,
): Promise<string> {
  if (body.filter) {
    // Every device the filter matches gets the same tags; each step checks its own device
    // against the tags' branches when it runs.
    const ids = await selectDevices(db, actor, { filter: body.filter });
    const tagIds = [...new Set(body.tag_id ?? [])];
    if ((await devicesRepo(db).tagPlacesOf(actor.tenant, tagIds)).length !== tagIds.length) {
      throw new AppError("VALIDATION_FAILED", DEVICE_MESSAGES.unknownTags, { source: "tag_id" });
    }
    return engine.request(
      actor,
      TAG_ACTIONS[mode],
      ids.map((deviceId) => ({ deviceId, params: { tag_id: tagIds } satisfies TagStepParams })),
    );
  }
  const changes = (body.data ?? []).map((entry, index) => ({
    deviceId: entry.device_id,
    tagIds: [...new Set(entry.tag_id)],
    source: `data.${index}.tag_id`,
  }));
  await checkTagChanges(db, actor, mode, changes, (index) => `data.${index}.device_id`);
  const merged = new Map<number, Set<number>>();
  for (const change of changes) {
    const tags = merged.get(change.deviceId) ?? new Set<number>();
    for (const id of change.tagIds) tags.add(id);
    merged.set(change.deviceId, tags);
  }
  return engine.request(
    actor,
    TAG_ACTIONS[mode],
    [...merged].map(([deviceId, tags]) => ({
      deviceId,
      params: { tag_id: [...tags] } satisfies TagStepParams,
    })),
  );
}
