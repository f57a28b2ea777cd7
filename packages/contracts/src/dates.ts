/**
 * Dates as RMS API v3 answers them: `Y-m-d H:i:s` (`2025-01-02 03:04:05`), in UTC. Lists
 * whose reference fields have that form (companies, users, devices, tags) use it so scripts
 * written for RMS read Netfleet's answers unchanged.
 */
export const RMS_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

/**
 * `2025-01-02T03:04:05.678Z` → `2025-01-02 03:04:05` (UTC, whole seconds). Put together from
 * its parts: a device page writes two per row, and `toISOString` costs three times as much.
 */
export function toRmsDateTime(date: Date): string {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999 || Number.isNaN(year)) {
    return date.toISOString().slice(0, 19).replace("T", " ");
  }
  return `${year}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * An instant from an RMS date (read as UTC, not as the reader's local time, which is what
 * `new Date("2025-01-02 03:04:05")` would do) or from an ISO string.
 */
export function parseApiDateTime(value: string): Date {
  const rms = RMS_DATE_TIME.exec(value);
  return new Date(rms ? `${rms[1]}T${rms[2]}Z` : value);
}
