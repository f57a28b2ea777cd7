import { z } from "zod";
import { RMS_DATE_TIME } from "../dates";
import { DEVICE_CLASSES } from "../devices/flags";
import { DATE_YEARS } from "./common";
import { deviceListItemSchema } from "./devices";

/**
 * A device's page (`/devices/{id}`): the device with everything it reported, its activity
 * and its history over time, as RMS API v3 names them (`GET /devices/{id}`,
 * `/devices/{id}/logs`, `/locations/history`, `/information-history`, `/data-usage`).
 */

/** A network interface as the device reported it. */
const deviceInterfaceFactSchema = z.object({
  name: z.string(),
  mac: z.string().optional(),
  addresses: z.array(z.string()),
});

/** Facts the device reported about itself (device-protocol.ts), shown on its page. */
export const deviceFactsAnswerSchema = z.object({
  hostname: z.string().optional(),
  kernel: z.string().optional(),
  cpu: z.string().optional(),
  cpu_count: z.number().int().optional(),
  /** Bytes. */
  memory_total: z.number().int().optional(),
  interfaces: z.array(deviceInterfaceFactSchema).optional(),
});
export type DeviceFactsAnswer = z.infer<typeof deviceFactsAnswerSchema>;

/**
 * `GET /api/devices/{id}`: the device as the list has it (RMS `device_body` names, derived
 * flags), with its class (FM-ENTITY-016) and the facts it reported, absent until it does.
 */
export const deviceDetailSchema = deviceListItemSchema.extend({
  device_class: z.enum(DEVICE_CLASSES),
  facts: deviceFactsAnswerSchema.optional(),
});
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;

/** Bounds of the history answers: a chart never gets more points than it can draw. */
export const DEVICE_HISTORY = {
  /** Points per series of `information-history` at most. */
  maxPoints: 300,
  /** Points of a location track at most. */
  maxLocationPoints: 500,
  /** The longest range one request may ask for. */
  maxRangeDays: 366,
  /** The range when none is given: the last 24 hours. */
  defaultRangeHours: 24,
  /** Data usage is counted per hour for ranges up to this long, per day beyond. */
  hourlyUsageMaxHours: 48,
  /** Reading times `information-history/datetimes` lists at most, the newest. */
  maxDatetimes: 10_000,
} as const;

/** The measurements `information-history` answers, by their RMS names where RMS has them. */
export const DEVICE_METRICS = [
  "signal",
  "temperature",
  "cpu_load",
  "memory_free",
  "digital_input",
  "relay_output",
  "sent",
  "received",
] as const;
export type DeviceMetric = (typeof DEVICE_METRICS)[number];

/**
 * A moment of a range: `Y-m-d H:i:s` read as UTC (as RMS writes it), or ISO 8601 with `Z`
 * or an offset. Null for anything else, a day that does not exist, or a year outside
 * DATE_YEARS.
 */
export function parseRangeDate(value: string): Date | null {
  const rms = RMS_DATE_TIME.exec(value);
  const iso = rms
    ? `${rms[1]}T${rms[2]}Z`
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
      ? value
      : null;
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // `Date` rolls 2026-02-30 over into March: the day written must be the day read.
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number) as [number, number, number];
  const local = new Date(Date.UTC(y, m - 1, d));
  if (local.getUTCMonth() !== m - 1 || local.getUTCDate() !== d) return null;
  const year = date.getUTCFullYear();
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max ? date : null;
}

const DATE_MESSAGE = "Enter a date as YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with a time zone";

const rangeDateSchema = z
  .string()
  .max(40)
  .refine((value) => parseRangeDate(value) !== null, DATE_MESSAGE);

const rangeShape = {
  start_date: rangeDateSchema.optional(),
  end_date: rangeDateSchema.optional(),
};

/** The end must come after the start, at most DEVICE_HISTORY.maxRangeDays later. */
function checkRange(
  query: { start_date?: string | undefined; end_date?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const start = query.start_date === undefined ? null : parseRangeDate(query.start_date);
  const end = query.end_date === undefined ? null : parseRangeDate(query.end_date);
  if (!start || !end) return;
  const span = end.getTime() - start.getTime();
  if (span <= 0)
    ctx.addIssue({
      code: "custom",
      path: ["end_date"],
      message: "The end must come after the start",
    });
  else if (span > DEVICE_HISTORY.maxRangeDays * 86_400_000)
    ctx.addIssue({
      code: "custom",
      path: ["end_date"],
      message: `A range can span at most ${DEVICE_HISTORY.maxRangeDays} days`,
    });
}

/**
 * `start_date` and `end_date` of a history request; without them, the last
 * DEVICE_HISTORY.defaultRangeHours up to now (a missing start: that long before the end).
 */
export const deviceRangeQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type DeviceRangeQuery = z.infer<typeof deviceRangeQuerySchema>;

/** The range an answer covers, as the request gave it or as defaulted. */
export const deviceRangeMetaSchema = z.object({
  /** `Y-m-d H:i:s`, UTC. */
  start_date: z.string(),
  end_date: z.string(),
});

/** `GET /api/devices/{id}/logs`: `limit` (default 10, at most 100), `offset`, `type`. */
export const deviceLogsQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Comma-separated activity types, e.g. `connected,disconnected`. */
  type: z
    .string()
    .max(500)
    .regex(
      /^[a-z][a-z0-9_.-]{0,63}(,[a-z][a-z0-9_.-]{0,63})*$/,
      "Enter activity types separated by commas",
    )
    .optional(),
});
export type DeviceLogsQuery = z.infer<typeof deviceLogsQuerySchema>;

/**
 * One entry of a device's activity, newest first, as RMS's device logs name it: `log` is
 * the message, `created_at` when it happened. `user_id` and `user_name` say who asked,
 * for entries a user caused; `task_id` the task an entry is about.
 */
export const deviceLogSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  serial: z.string(),
  /** `connected`, `disconnected`, `task`, `task_result`, or a type the device reported. */
  type: z.string(),
  log: z.string().optional(),
  user_id: z.number().int().optional(),
  user_name: z.string().optional(),
  task_id: z.string().optional(),
  /** `Y-m-d H:i:s`, UTC. */
  created_at: z.string(),
});
export type DeviceLog = z.infer<typeof deviceLogSchema>;

/** A point of a device's track: the last position it reported within its time bucket. */
export const deviceLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** Metres above sea level; absent when the device reported none with the position. */
  altitude: z.number().optional(),
  /** `Y-m-d H:i:s`, UTC. */
  created_at: z.string(),
});
export type DeviceLocation = z.infer<typeof deviceLocationSchema>;

export const deviceLocationsMetaSchema = deviceRangeMetaSchema.extend({
  /** Each point stands for the last one reported in a bucket this many seconds long. */
  bucket_seconds: z.number().int(),
});

/**
 * `information-history` without `datetime`: the range in buckets of `meta.bucket_seconds`,
 * at most DEVICE_HISTORY.maxPoints. With `datetime`: the one reading at or before it, as
 * RMS answers. Measurements are averages over the bucket (signal and temperature in whole
 * units, as RMS has them), inputs and outputs the highest state, the traffic counters the
 * highest count. A bucket without readings is left out, a measurement not reported is
 * absent.
 */
export const deviceInformationQuerySchema = z
  .object({ ...rangeShape, datetime: rangeDateSchema.optional() })
  .superRefine(checkRange);
export type DeviceInformationQuery = z.infer<typeof deviceInformationQuerySchema>;

export const deviceInformationSchema = z.object({
  device_id: z.number().int(),
  /** The bucket's start, or the reading's time; `Y-m-d H:i:s`, UTC. */
  created_at: z.string(),
  /** dBm. */
  signal: z.number().int().optional(),
  /** °C. */
  temperature: z.number().int().optional(),
  /** Percent. */
  cpu_load: z.number().optional(),
  /** Bytes. */
  memory_free: z.number().int().optional(),
  /** 0 or 1. */
  digital_input: z.number().int().optional(),
  relay_output: z.number().int().optional(),
  /** Bytes since the device started. */
  sent: z.number().int().optional(),
  received: z.number().int().optional(),
});
export type DeviceInformation = z.infer<typeof deviceInformationSchema>;

export const deviceSeriesMetaSchema = deviceRangeMetaSchema.extend({
  total: z.number().int(),
  /** 0 for the reading at `datetime`. */
  bucket_seconds: z.number().int(),
});
export type DeviceSeriesMeta = z.infer<typeof deviceSeriesMetaSchema>;

/**
 * `information-history/parameter`: one measurement. Values are strings, as RMS answers
 * them (`{"signal": "-71", "created_at": …}`).
 */
export const deviceParameterQuerySchema = z
  .object({
    ...rangeShape,
    parameter: z.enum(DEVICE_METRICS),
    datetime: rangeDateSchema.optional(),
  })
  .superRefine(checkRange);
export type DeviceParameterQuery = z.infer<typeof deviceParameterQuerySchema>;

/**
 * `information-history/datetimes`: the times a device reported measurements, per UTC day,
 * newest first.
 */
export const deviceDatetimesSchema = z.object({
  /** The UTC day, `YYYY-MM-DD`. */
  date: z.string(),
  /** `HH:mm:ss`, UTC, newest first. */
  times: z.array(z.string()),
});
export type DeviceDatetimes = z.infer<typeof deviceDatetimesSchema>;

export const deviceParameterPointSchema = z.object({ created_at: z.string() }).catchall(z.string());
export type DeviceParameterPoint = z.infer<typeof deviceParameterPointSchema>;

/**
 * `data-usage`: bytes a device sent (`tx`) and received (`rx`) per UTC day, or per hour
 * for ranges up to DEVICE_HISTORY.hourlyUsageMaxHours, from the differences between its
 * counters. A counter that drops means the device restarted: the new count is what it
 * moved since. Days or hours without readings are left out.
 */
export const deviceDataUsageSchema = z.object({
  /** `Y-m-d` per day, `Y-m-d H:00:00` per hour (UTC). */
  date: z.string(),
  tx: z.number().int(),
  rx: z.number().int(),
});
export type DeviceDataUsage = z.infer<typeof deviceDataUsageSchema>;

export const DATA_USAGE_PERIODS = ["hour", "day"] as const;
export type DataUsagePeriod = (typeof DATA_USAGE_PERIODS)[number];

export const deviceDataUsageMetaSchema = deviceRangeMetaSchema.extend({
  period: z.enum(DATA_USAGE_PERIODS),
});
export type DeviceDataUsageMeta = z.infer<typeof deviceDataUsageMetaSchema>;
