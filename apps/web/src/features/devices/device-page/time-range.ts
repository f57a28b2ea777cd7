import { toRmsDateTime } from "@netfleet/contracts/dates";

/**
 * Time ranges of the device page's charts, in the form the spec gives a time range
 * (F§3 Monitoring configuration entry): a `startDate` and an `endDate`, each `now` or
 * `N minutes_ago`, `hours_ago`, `days_ago`, `weeks_ago` or `months_ago`.
 */
export const TIME_UNITS = [
  "minutes_ago",
  "hours_ago",
  "days_ago",
  "weeks_ago",
  "months_ago",
] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export interface TimeRange {
  startDate: string;
  endDate: string;
}

const UNIT_MS: Readonly<Record<Exclude<TimeUnit, "months_ago">, number>> = {
  minutes_ago: 60_000,
  hours_ago: 3_600_000,
  days_ago: 86_400_000,
  weeks_ago: 7 * 86_400_000,
};

/** `now` or `N <unit>` as a moment before `now`; null for anything else. */
export function resolveMoment(value: string, now: Date): Date | null {
  const text = value.trim();
  if (text === "now") return new Date(now);
  const match = /^(\d{1,4}) (minutes_ago|hours_ago|days_ago|weeks_ago|months_ago)$/.exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = match[2] as TimeUnit;
  if (unit === "months_ago") {
    const date = new Date(now);
    date.setUTCMonth(date.getUTCMonth() - amount);
    return date;
  }
  return new Date(now.getTime() - amount * UNIT_MS[unit]);
}

/** The range's two moments; null when either cannot be read or the end is not after the start. */
export function resolveRange(range: TimeRange, now: Date = new Date()) {
  const start = resolveMoment(range.startDate, now);
  const end = resolveMoment(range.endDate, now);
  if (!start || !end || end.getTime() <= start.getTime()) return null;
  return { start, end };
}

/** The ranges the charts offer, shortest first; the key is kept in the URL as `range`. */
export const RANGE_PRESETS = [
  { key: "1h", range: { startDate: "1 hours_ago", endDate: "now" } },
  { key: "6h", range: { startDate: "6 hours_ago", endDate: "now" } },
  { key: "24h", range: { startDate: "24 hours_ago", endDate: "now" } },
  { key: "7d", range: { startDate: "7 days_ago", endDate: "now" } },
  { key: "30d", range: { startDate: "30 days_ago", endDate: "now" } },
] as const satisfies readonly { key: string; range: TimeRange }[];

export type RangeKey = (typeof RANGE_PRESETS)[number]["key"];

export const DEFAULT_RANGE: RangeKey = "24h";

/** The preset a URL's `range` names, else the default one. */
export function rangeKeyOf(value: string | null): RangeKey {
  return RANGE_PRESETS.find((p) => p.key === value)?.key ?? DEFAULT_RANGE;
}

/** The API's `start_date` and `end_date` for a preset, as of `now`. */
export function rangeParams(key: RangeKey, now: Date = new Date()) {
  const preset = RANGE_PRESETS.find((p) => p.key === key) ?? RANGE_PRESETS[2];
  // Presets always resolve: both ends are `now` or a whole number of units before it.
  const { start, end } = resolveRange(preset.range, now)!;
  return { start_date: toRmsDateTime(start), end_date: toRmsDateTime(end) };
}
