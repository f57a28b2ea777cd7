import { LAYOUT, WIRE } from "@netfleet/contracts/constants";
import { readCookie } from "./http";
import { browserLocation } from "./browser-location";

/**
 * The console's "system timezone" (shell §2 User menu): every date is shown in it. The
 * choice lives in the `setTimeZone` cookie so that it applies before any script asks the
 * server for anything; without the cookie the browser's own zone applies. A change
 * reloads the page, so every screen picks it up at once.
 */

export const TIMEZONE_COOKIE = WIRE.timezoneCookie;

const ONE_YEAR_S = 365 * 24 * 60 * 60;

export function isValidTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone the browser runs in, e.g. `Europe/Oslo`. */
export function guessTimezone(): string {
  const guess = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return guess && isValidTimezone(guess) ? guess : "UTC";
}

/**
 * The last answer of `selectedTimezone` and the cookie it read: checking a zone and asking
 * the browser for its own cost a tenth of a millisecond each, and a page of devices formats
 * dozens of dates.
 */
let selected: { stored: string | undefined; zone: string } | undefined;

/** The stored zone when it is a real one, otherwise the browser's. */
export function selectedTimezone(): string {
  const stored = readCookie(TIMEZONE_COOKIE);
  if (selected === undefined || selected.stored !== stored) {
    selected = { stored, zone: stored && isValidTimezone(stored) ? stored : guessTimezone() };
  }
  return selected.zone;
}

/** Whether the user picked a zone rather than living with the browser's. */
export function hasStoredTimezone(): boolean {
  const stored = readCookie(TIMEZONE_COOKIE);
  return stored !== undefined && isValidTimezone(stored);
}

/**
 * Every zone the browser knows. The list lacks `UTC` itself and may spell the browser's
 * own zone differently (`Europe/Kyiv` against `Europe/Kiev`), so both are added.
 */
export function allTimezones(): string[] {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add("UTC");
  zones.add(guessTimezone());
  return [...zones].sort((a, b) => a.localeCompare(b));
}

/** Stores a zone the browser knows; its name (`America/Port-au-Prince`) is safe in a cookie as is. */
export function storeTimezone(zone: string): void {
  if (!isValidTimezone(zone)) throw new Error(`Unknown timezone ${zone}`);
  document.cookie = `${TIMEZONE_COOKIE}=${zone}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
}

export function clearStoredTimezone(): void {
  document.cookie = `${TIMEZONE_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

/**
 * Stores `zone` (or forgets the choice when `zone` is null) and reloads the page after
 * the delay the spec gives, long enough for the confirmation toast to be seen.
 */
export function changeTimezone(
  zone: string | null,
  reload: () => void = () => browserLocation.reload(),
): void {
  if (zone === null) clearStoredTimezone();
  else storeTimezone(zone);
  window.setTimeout(reload, LAYOUT.timezoneReloadDelayMs);
}

/**
 * One formatter per zone: building an `Intl.DateTimeFormat` costs far more than using one,
 * and a page of devices formats dozens of dates.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

const TOKEN_PART = {
  YYYY: "year",
  MM: "month",
  DD: "day",
  HH: "hour",
  mm: "minute",
  ss: "second",
} as const;
const TOKENS = /YYYY|MM|DD|HH|mm|ss/g;

/**
 * `value` (a date, an ISO string or epoch milliseconds) in `zone`, as `format` says: its
 * tokens are `YYYY`, `MM`, `DD`, `HH`, `mm` and `ss`, anything else is kept as written.
 */
export function formatInTimezone(
  value: Date | string | number,
  format: string,
  zone: string = selectedTimezone(),
): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(zone).formatToParts(new Date(value))) {
    parts[part.type] = part.value;
  }
  parts.year = parts.year?.padStart(4, "0");
  return format.replace(TOKENS, (token) => parts[TOKEN_PART[token as keyof typeof TOKEN_PART]]!);
}
