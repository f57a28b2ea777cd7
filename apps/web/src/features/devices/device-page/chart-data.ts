import { parseApiDateTime } from "@netfleet/contracts/dates";
import type {
  DeviceDataUsage,
  DeviceInformation,
  DeviceMetric,
} from "@netfleet/contracts/schemas/device-page";
import { withGaps, type TimePoint } from "./chart-options";

/** One measurement's points over time, with gaps where the device was silent. */
export function metricPoints(
  rows: readonly DeviceInformation[],
  metric: DeviceMetric,
  bucketSeconds: number,
): TimePoint[] {
  const points = rows.flatMap((row): TimePoint[] => {
    const value = row[metric];
    return value === undefined ? [] : [[parseApiDateTime(row.created_at).getTime(), value]];
  });
  return withGaps(points, bucketSeconds * 1000);
}

/** Whether any reading of the range carries one of these measurements. */
export function hasAny(rows: readonly DeviceInformation[], metrics: readonly DeviceMetric[]) {
  return rows.some((row) => metrics.some((metric) => row[metric] !== undefined));
}

/** Totals of a range's data usage. */
export function usageTotals(rows: readonly DeviceDataUsage[]) {
  return rows.reduce((sum, row) => ({ tx: sum.tx + row.tx, rx: sum.rx + row.rx }), {
    tx: 0,
    rx: 0,
  });
}
