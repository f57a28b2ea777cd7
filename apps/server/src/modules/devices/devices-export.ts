import { Readable } from "node:stream";
import { connectionStatusLabel } from "@netfleet/contracts/device-status";
import type { DeviceListItem } from "@netfleet/contracts/schemas/devices";

/** The export's columns: header, and the value of a device answer. */
const COLUMNS: readonly [string, (d: DeviceListItem) => string | number | null | undefined][] = [
  ["id", (d) => d.id],
  ["name", (d) => d.name],
  ["serial", (d) => d.serial],
  ["mac", (d) => d.mac],
  ["model", (d) => d.model],
  ["firmware", (d) => d.firmware],
  ["status", (d) => connectionStatusLabel(d.status)],
  ["company_id", (d) => d.company_id],
  ["company_name", (d) => d.company_name],
  ["tags", (d) => d.tags.map((t) => t.name).join(", ")],
  ["description", (d) => d.description],
  ["signal", (d) => d.signal],
  ["temperature", (d) => d.temperature],
  ["operator", (d) => d.operator],
  ["connection_type", (d) => d.connection_type],
  ["wan_ip", (d) => d.wan_ip],
  ["latitude", (d) => d.latitude],
  ["longitude", (d) => d.longitude],
  ["router_uptime", (d) => d.router_uptime],
  ["sent", (d) => d.sent],
  ["received", (d) => d.received],
  ["last_connection_at", (d) => d.last_connection_at],
  ["created_at", (d) => d.created_at],
];

/**
 * One CSV field (RFC 4180). Text a device or a user wrote that starts with = + - @ (or a
 * tab or carriage return) is what spreadsheets run as a formula: it gets a leading `'`,
 * which they show as text (OWASP's CSV injection advice). Numbers are the server's own and
 * stay as they are, a negative signal included.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/**
 * The CSV of devices as batches arrive: the header first, then each batch's lines. The
 * next batch is read only when the client has taken the previous one (the stream's
 * back-pressure), so a million devices never sit in memory at once.
 */
export function devicesCsv(batches: AsyncIterable<DeviceListItem[]>): Readable {
  async function* lines() {
    yield csvLine(COLUMNS.map(([header]) => header));
    for await (const batch of batches) {
      yield batch.map((device) => csvLine(COLUMNS.map(([, value]) => value(device)))).join("");
    }
  }
  return Readable.from(lines());
}
