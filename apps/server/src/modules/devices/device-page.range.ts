import {
  DEVICE_HISTORY,
  type DataUsagePeriod,
  parseRangeDate,
} from "@netfleet/contracts/schemas/device-page";
import { AppError } from "../../plugins/errors";

export interface TimeRange {
  start: Date;
  end: Date;
}

/**
 * The range a history request asks for: its `start_date` and `end_date`, the end defaulting
 * to now and the start to DEVICE_HISTORY.defaultRangeHours before the end. The schema has
 * checked a range given whole; one completed by a default is checked here.
 */
export function resolveRange(
  query: { start_date?: string | undefined; end_date?: string | undefined },
  now: Date = new Date(),
): TimeRange {
  const end = (query.end_date && parseRangeDate(query.end_date)) || now;
  const start =
    (query.start_date && parseRangeDate(query.start_date)) ||
    new Date(end.getTime() - DEVICE_HISTORY.defaultRangeHours * 3_600_000);
  const span = end.getTime() - start.getTime();
  if (span <= 0)
    throw new AppError("VALIDATION_FAILED", "The end must come after the start", {
      source: query.end_date ? "end_date" : "start_date",
    });
  if (span > DEVICE_HISTORY.maxRangeDays * 86_400_000)
    throw new AppError(
      "VALIDATION_FAILED",
      `A range can span at most ${DEVICE_HISTORY.maxRangeDays} days`,
      { source: query.start_date ? "start_date" : "end_date" },
    );
  return { start, end };
}

/** Bucket lengths a series may use, in seconds: round numbers a chart's axis reads well. */
const BUCKET_STEPS = [
  10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800,
  604_800,
] as const;

/**
 * The shortest bucket that cuts `range` into fewer than `maxPoints` buckets. Buckets start
 * at multiples of their length since the epoch, so the range's ends may fall inside one:
 * at most `maxPoints` buckets hold readings.
 */
export function bucketSeconds(range: TimeRange, maxPoints: number): number {
  const seconds = (range.end.getTime() - range.start.getTime()) / 1000;
  return BUCKET_STEPS.find((step) => seconds / step <= maxPoints - 1) ?? BUCKET_STEPS.at(-1)!;
}

/** Data usage per hour for short ranges, per day otherwise. */
export function usagePeriod(range: TimeRange): DataUsagePeriod {
  const hours = (range.end.getTime() - range.start.getTime()) / 3_600_000;
  return hours <= DEVICE_HISTORY.hourlyUsageMaxHours ? "hour" : "day";
}
