import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { LAYOUT, WIRE } from "@netfleet/contracts/constants";
import { readCookie } from "./http";
import { browserLocation } from "./browser-location";

/**
 * The console's "system timezone" (shell §2 User menu): every date is shown in it. The
 * choice lives in the `setTimeZone` cookie so that it applies before any script asks the
 * server for anything; without the cookie the browser's own zone applies. A change
 * reloads the page, so every screen picks it up at once.
 */

dayjs.extend(utc);
dayjs.extend(timezone);

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
  const guess = dayjs.tz.guess();
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

/** `value` (a date, an ISO string or epoch milliseconds) in `zone`, as `format` says. */
export function formatInTimezone(
  value: Date | string | number,
  format: string,
  zone: string = selectedTimezone(),
): string {
  return dayjs(value).tz(zone).format(format);
}
