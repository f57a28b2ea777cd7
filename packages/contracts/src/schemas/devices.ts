import { z } from "zod";
import { deviceFlagsSchema } from "../devices/flags-schema";
import {
  DEVICE_LIST_MAX_OFFSET,
  DEVICE_STATUS_FILTERS,
  SIGNAL_BUCKETS,
} from "../devices/list-filters";
import type { DeviceListChartKey } from "../devices/list-definition";
import { hasForbiddenCharacters } from "../names";
import { VALIDATION_MESSAGES } from "../validation-messages";
import { idParamSchema, idSchema, textSchema } from "./common";
import { searchableListQuerySchema } from "./search";

/** A tag on a device, as the device list shows it. */
export const deviceTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "#rrggbb"; absent for the default colour. */
  color: z.string().optional(),
});
export type DeviceTag = z.infer<typeof deviceTagSchema>;

/**
 * A device as `GET /api/devices` answers it (FM-ENTITY-001…003), with RMS API v3's field
 * names. A field RMS types as a string or an integer is left out when the device has no
 * value for it, never null: a device that never reported a signal has no `signal` key.
 */
export const deviceListItemSchema = z
  .object({
    id: z.number().int(),
    company_id: z.number().int(),
    company_name: z.string(),
    name: z.string(),
    description: z.string().optional(),
    serial: z.string(),
    mac: z.string(),
    model: z.string(),
    /** The hardware model; Netfleet stores no branded names, so it is the model. */
    original_model: z.string(),
    firmware: z.string().optional(),
    /** 0 Offline, 1 Online, 2 Pending, anything else Not Activated. */
    status: z.number().int(),
    tags: z.array(deviceTagSchema),
    /** dBm. */
    signal: z.number().int().optional(),
    /** °C, whole degrees as RMS has it. */
    temperature: z.number().int().optional(),
    operator: z.string().optional(),
    /** "4G", "5G", "WAN", … as the device reported it. */
    connection_type: z.string().optional(),
    wan_ip: z.string().optional(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** Metres above sea level from the device's last GNSS fix, null without one. */
    altitude: z.number().nullable(),
    /** Seconds since the device started. */
    router_uptime: z.number().int().optional(),
    /** Bytes since the device started. */
    sent: z.number().int().optional(),
    received: z.number().int().optional(),
    /** When the device was last heard from, ISO 8601 (RMS types it `date-time`). */
    last_connection_at: z.string().optional(),
    /** `Y-m-d H:i:s` in UTC, as RMS has it (`dates.ts`). */
    created_at: z.string(),
    updated_at: z.string(),
  })
  .extend(deviceFlagsSchema.shape);
export type DeviceListItem = z.infer<typeof deviceListItemSchema>;

/** The offset limit's message names the way on, so a script that hits it knows what to do. */
export const DEVICE_OFFSET_MESSAGE = `An offset above ${DEVICE_LIST_MAX_OFFSET} is not served: page on with the cursor the answer gives in meta.next, as after=<meta.next>.`;

const filterText = (max: number) => textSchema({ max, trim: true }).optional();

/**
 * The filters of the device list (RMS API v3 `GET /devices`), shared by the list, its
 * statistics and its CSV export. `ne:` filters exclude; `company_id` is one company of the
 * caller's tree (not its subsidiaries); `id` is a comma-separated list of device ids.
 */
export const deviceFiltersSchema = z.object({
  q: textSchema({ max: 200, trim: true }).optional(),
  "search-fields": textSchema({ max: 200 }).optional(),
  id: textSchema({ max: 2000 }).optional(),
  status: z.enum(DEVICE_STATUS_FILTERS).optional(),
  "ne:status": z.enum(DEVICE_STATUS_FILTERS).optional(),
  model: filterText(64),
  "ne:model": filterText(64),
  firmware: filterText(64),
  "ne:firmware": filterText(64),
  mac: filterText(64),
  signal: z.enum(SIGNAL_BUCKETS).optional(),
  "ne:signal": z.enum(SIGNAL_BUCKETS).optional(),
  company_id: idParamSchema.optional(),
  tag_id: idParamSchema.optional(),
  "ne:tag_id": idParamSchema.optional(),
  operator: filterText(64),
  "ne:operator": filterText(64),
  connection_type: filterText(16),
});
export type DeviceFilters = z.infer<typeof deviceFiltersSchema>;

/** The most devices a bulk action names one by one. */
export const DEVICE_BULK_MAX_IDS = 1000;
/** The most devices a filter may select for one bulk action. */
export const DEVICE_SELECTION_MAX = 100_000;

export const DEVICE_SELECTION_MESSAGES = {
  oneOf: "Name the devices either by device_id or by filter.",
  none: "No device matches the filter.",
  tooMany: `A filter may select at most ${DEVICE_SELECTION_MAX.toLocaleString("en")} devices for one action: narrow it.`,
} as const;

/**
 * The devices of a bulk action: `device_id` names them, or `filter` (the device list's
 * filters, as `GET /api/devices` takes them) selects every device it matches when the
 * action is asked for, across every page.
 */
export const deviceSelectionShape = {
  device_id: z.array(idSchema).min(1).max(DEVICE_BULK_MAX_IDS).optional(),
  filter: deviceFiltersSchema.omit({ id: true }).optional(),
};
export type DeviceSelection = {
  device_id?: number[] | undefined;
  filter?: Omit<DeviceFilters, "id"> | undefined;
};

/** A bulk action's body names its devices one way: `device_id` or `filter`. */
export function oneSelection(value: DeviceSelection, ctx: z.RefinementCtx): void {
  if ((value.device_id === undefined) === (value.filter === undefined)) {
    ctx.addIssue({ code: "custom", path: ["device_id"], message: DEVICE_SELECTION_MESSAGES.oneOf });
  }
}

/**
 * `GET /api/devices`: the filters, `sort`, `fields`, and either `offset` (at most
 * DEVICE_LIST_MAX_OFFSET) or a cursor: `after` (the page after a row) or `before` (the page
 * before one), taken from a previous answer's `meta.next` and `meta.prev`.
 */
export const deviceListQuerySchema = searchableListQuerySchema.extend({
  ...deviceFiltersSchema.shape,
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(DEVICE_LIST_MAX_OFFSET, DEVICE_OFFSET_MESSAGE)
    .default(0),
  after: textSchema({ max: 1000 }).optional(),
  before: textSchema({ max: 1000 }).optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

/**
 * `meta` of the device list. `total` counts matches up to DEVICE_LIST_COUNT_CAP; with
 * `total_capped` there are more ("10 000+"). `next` and `prev` are cursors for `after` and
 * `before`, present when there is such a page.
 */
export const deviceListMetaSchema = z.object({
  total: z.number().int(),
  total_capped: z.boolean(),
  next: z.string().optional(),
  prev: z.string().optional(),
});
export type DeviceListMeta = z.infer<typeof deviceListMetaSchema>;

export interface DeviceListEnvelope {
  success: true;
  data: DeviceListItem[];
  meta: DeviceListMeta;
}

/**
 * `GET /api/devices/export/csv`: the list's filters and sort; every match, streamed. Like
 * RMS, the export and the statistics take no `id` list.
 */
export const deviceExportQuerySchema = deviceFiltersSchema.omit({ id: true }).extend({
  sort: textSchema({ max: 200 }).optional(),
});
export type DeviceExportQuery = z.infer<typeof deviceExportQuerySchema>;

/** The charts `GET /api/devices/statistics` counts by (the default list's three). */
export const DEVICE_STATISTICS_CHARTS = [
  "status",
  "model",
  "firmware",
] as const satisfies readonly DeviceListChartKey[];

/** `GET /api/devices/statistics`: the list's filters, and `charts` (comma-separated, all by default). */
export const deviceStatisticsQuerySchema = deviceFiltersSchema.omit({ id: true }).extend({
  charts: textSchema({ max: 200 }).optional(),
});
export type DeviceStatisticsQuery = z.infer<typeof deviceStatisticsQuerySchema>;

/** How many devices of the filtered set fall under each key, per chart asked for. */
export const deviceStatisticsSchema = z.object({
  status: z.record(z.string(), z.number().int()).optional(),
  model: z.record(z.string(), z.number().int()).optional(),
  firmware: z.record(z.string(), z.number().int()).optional(),
});
export type DeviceStatistics = z.infer<typeof deviceStatisticsSchema>;

export const DEVICE_NAME_MAX_LENGTH = 100;
export const DEVICE_DESCRIPTION_MAX_LENGTH = 500;

export const DEVICE_MESSAGES = {
  nameTooLong: `Name can be at most ${DEVICE_NAME_MAX_LENGTH} characters`,
  descriptionTooLong: `Description can be at most ${DEVICE_DESCRIPTION_MAX_LENGTH} characters`,
  unknownTags: "Some of these tags do not exist or are not yours to use.",
  unknownDevice: "No such device.",
  tagOfAnotherBranch: "A tag can only go on devices of its own company and the companies below it.",
} as const;

/** A device's name: trimmed, required, without the characters names may not hold. */
export const deviceNameSchema = textSchema({
  error: VALIDATION_MESSAGES.nameRequired,
  trim: true,
  max: DEVICE_NAME_MAX_LENGTH,
  tooLong: DEVICE_MESSAGES.nameTooLong,
})
  .min(1, VALIDATION_MESSAGES.nameRequired)
  .refine((name) => !hasForbiddenCharacters(name), VALIDATION_MESSAGES.forbiddenCharacters);

const tagIdsSchema = z.array(idSchema).max(100);

/**
 * `PUT /api/devices/{id}` (RMS `device_update`): only the fields sent change; an empty or
 * null description clears it; `tag_id` replaces the device's tags (empty removes them all).
 */
export const deviceUpdateBodySchema = z.object({
  name: deviceNameSchema.optional(),
  description: textSchema({
    trim: true,
    max: DEVICE_DESCRIPTION_MAX_LENGTH,
    tooLong: DEVICE_MESSAGES.descriptionTooLong,
  })
    .nullable()
    .optional(),
  tag_id: tagIdsSchema.optional(),
});
export type DeviceUpdateBody = z.infer<typeof deviceUpdateBodySchema>;

/** The most devices one tag request may name. */
/**
 * `PUT /api/devices/tags/assign|unassign|overwrite`: per device (RMS), the tags to add, to
 * take off (none: all of them) or to leave it with; or, for every device a `filter`
 * selects, the same `tag_id`.
 */
export const deviceTagsBodySchema = z
  .object({
    data: z
      .array(z.object({ device_id: idSchema, tag_id: tagIdsSchema }))
      .min(1)
      .max(DEVICE_BULK_MAX_IDS)
      .optional(),
    filter: deviceSelectionShape.filter,
    tag_id: tagIdsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.data === undefined) === (value.filter === undefined)) {
      ctx.addIssue({ code: "custom", path: ["data"], message: DEVICE_SELECTION_MESSAGES.oneOf });
    } else if (value.filter !== undefined && value.tag_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["tag_id"], message: "Name the tags: tag_id." });
    }
  });
export type DeviceTagsBody = z.infer<typeof deviceTagsBodySchema>;

/** `POST /api/devices/move/` (RMS): the devices, and the company of your tree they go to. */
export const deviceMoveBodySchema = z
  .object({ ...deviceSelectionShape, company_id: idSchema })
  .superRefine(oneSelection);
export type DeviceMoveBody = z.infer<typeof deviceMoveBodySchema>;

/** `DELETE /api/devices` (RMS): the devices to delete. */
export const deviceDeleteBodySchema = z.object(deviceSelectionShape).superRefine(oneSelection);
export type DeviceDeleteBody = z.infer<typeof deviceDeleteBodySchema>;

/** `PUT /api/devices/rename`: a new name per device. */
export const deviceRenameBodySchema = z.object({
  data: z
    .array(z.object({ device_id: idSchema, name: deviceNameSchema }))
    .min(1)
    .max(DEVICE_BULK_MAX_IDS),
});
export type DeviceRenameBody = z.infer<typeof deviceRenameBodySchema>;

/** A company's enrolment token, which a device presents once to enrol (device-protocol.ts). */
export const enrolmentTokenSchema = z.object({ token: z.string() });
export type EnrolmentToken = z.infer<typeof enrolmentTokenSchema>;
