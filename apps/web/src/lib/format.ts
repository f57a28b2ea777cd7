import { FORMAT } from "@netfleet/contracts/constants";
import { parseApiDateTime } from "@netfleet/contracts/dates";
import { formatInTimezone } from "./timezone";

/**
 * `YYYY-MM-DD HH:mm:ss` (FORMAT.dateFormat) in the system timezone the user chose in the
 * user menu, else the browser's; "—" when absent or unreadable. Reads ISO strings and the
 * API's RMS-style `Y-m-d H:i:s` (UTC).
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "—";
  const d = parseApiDateTime(value);
  if (Number.isNaN(d.getTime())) return "—";
  return formatInTimezone(d, FORMAT.dateFormat);
}

/** A size in bytes with units of 1024 up to TB and two decimals, e.g. `1.50 GB`. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= FORMAT.byteBase && unit < FORMAT.byteUnits.length - 1) {
    value /= FORMAT.byteBase;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : FORMAT.byteDecimals;
  return `${value.toFixed(digits)} ${FORMAT.byteUnits[unit]}`;
}
