import { z } from "zod";
import { macSchema, serialSchema } from "../device-protocol";
import { companyIdSchema } from "../validation";
import { idSchema, textSchema } from "./common";

/**
 * Adding devices before they connect (`POST /api/devices`, RMS API v3 `device_add`): a
 * company registers serial numbers and MAC addresses; when a device with that pair enrols
 * with the company's token it takes over its row (device-protocol.ts). The console sends
 * one row, a pasted list or a parsed CSV file through the same body.
 */

/** The most rows one request adds; a larger file is split by the user. */
export const DEVICE_ADD_MAX_ROWS = 1000;
export const DEVICE_NAME_MAX_LENGTH = 100;
export const DEVICE_ADD_MAX_TAGS = 50;

/**
 * The status of a device added beforehand: neither Offline (0), Online (1) nor Pending
 * (2), so it reads "Not Activated" (device-status.ts) until its agent enrols.
 */
export const DEVICE_STATUS_NOT_ACTIVATED = 3;

/** RMS's device series; stored as the model until the device reports its own. */
export const DEVICE_SERIES = ["rut", "trb", "tcr", "tap", "otd", "swm"] as const;

export const DEVICE_ADD_MESSAGES = {
  serialRequired: "Serial number is required",
  macRequired: "MAC address is required",
  nameTooLong: `Name can be at most ${DEVICE_NAME_MAX_LENGTH} characters`,
  none: "Add at least one device",
  tooMany: `At most ${DEVICE_ADD_MAX_ROWS} devices can be added at once; split the list`,
  tooManyTags: `At most ${DEVICE_ADD_MAX_TAGS} tags per device`,
  serialTaken: "A device with this serial number is registered already.",
  tagUnavailable: "This tag is not available to devices of this company.",
} as const;

/** "Serial number 1100000001 is also in row 3" (rows counted from 1, as people do). */
export function duplicateMessage(what: "serial" | "mac", value: string, row: number): string {
  const name = what === "serial" ? "Serial number" : "MAC address";
  return `${name} ${value} is also in row ${row}`;
}

const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

/** One device to add: RMS's `device_add_data`, the fields Netfleet keeps. */
export const deviceAddRowSchema = z.object({
  company_id: companyIdSchema,
  device_series: z.enum(DEVICE_SERIES).optional(),
  serial: requiredText(DEVICE_ADD_MESSAGES.serialRequired).pipe(serialSchema),
  mac: requiredText(DEVICE_ADD_MESSAGES.macRequired).pipe(macSchema),
  /** The serial number stands in when none is given. */
  name: textSchema({
    trim: true,
    max: DEVICE_NAME_MAX_LENGTH,
    tooLong: DEVICE_ADD_MESSAGES.nameTooLong,
  }).optional(),
  tag_id: z
    .array(idSchema)
    .max(DEVICE_ADD_MAX_TAGS, DEVICE_ADD_MESSAGES.tooManyTags)
    .transform((ids) => [...new Set(ids)])
    .optional(),
});
export type DeviceAddRow = z.input<typeof deviceAddRowSchema>;

/**
 * Body of `POST /api/devices`. A serial number or MAC address listed twice is refused on
 * its later row, pointing at the earlier one: all rows are added or none.
 */
export const deviceAddBodySchema = z
  .object({
    data: z
      .array(deviceAddRowSchema)
      .min(1, DEVICE_ADD_MESSAGES.none)
      .max(DEVICE_ADD_MAX_ROWS, DEVICE_ADD_MESSAGES.tooMany),
  })
  .superRefine(({ data }, ctx) => {
    for (const key of ["serial", "mac"] as const) {
      const first = new Map<string, number>();
      data.forEach((row, index) => {
        const earlier = first.get(row[key]);
        if (earlier === undefined) {
          first.set(row[key], index);
          return;
        }
        ctx.addIssue({
          code: "custom",
          path: ["data", index, key],
          message: duplicateMessage(key, row[key], earlier + 1),
        });
      });
    }
  });
export type DeviceAddBody = z.input<typeof deviceAddBodySchema>;

/** A device as added: Not Activated, no model unless a series was given, no firmware yet. */
export const deviceAddedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  mac: z.string(),
  model: z.string(),
  status: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  tag_id: z.array(z.number().int()),
  /** `Y-m-d H:i:s` in UTC, as RMS has it (`dates.ts`). */
  created_at: z.string(),
});
export type DeviceAdded = z.infer<typeof deviceAddedSchema>;

/** The answer's data: the added devices, in the order they were sent. */
export const deviceAddAnswerSchema = z.array(deviceAddedSchema);

/** A device as a pasted list or CSV file gives it, before validation. */
export interface DeviceLine {
  serial: string;
  mac: string;
  name: string;
}

/** Splits one CSV line: commas, semicolons or tabs, fields optionally in double quotes. */
export function splitCsvLine(text: string): string[] {
  const delimiter = text.includes(",") ? "," : text.includes(";") ? ";" : "\t";
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (char === delimiter) {
      cells.push(cell.trim());
      cell = "";
    } else {
      cell += char;
    }
  }
  cells.push(cell.trim());
  return cells;
}

const COLUMN_NAMES: Readonly<Record<string, keyof DeviceLine>> = {
  serial: "serial",
  serial_number: "serial",
  "serial number": "serial",
  mac: "mac",
  mac_address: "mac",
  "mac address": "mac",
  name: "name",
  device_name: "name",
  "device name": "name",
};

/**
 * The devices of a pasted list or a CSV file: a line per device, `serial,mac[,name]`,
 * in order (row N of the body is the Nth device). Blank lines are skipped (FM-VALID-046). A first line naming the columns (`serial`,
 * `mac`, `name`, in any order) is a header, which lets a file carry other columns too.
 */
export function parseDeviceLines(text: string): DeviceLine[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/u);
  let columns: (keyof DeviceLine | undefined)[] = ["serial", "mac", "name"];
  const devices: DeviceLine[] = [];
  let first = true;
  for (const raw of lines) {
    if (raw.trim() === "") continue;
    const cells = splitCsvLine(raw.trim());
    if (first) {
      first = false;
      const named = cells.map((cell) => COLUMN_NAMES[cell.toLowerCase()]);
      if (named.includes("serial")) {
        columns = named;
        continue;
      }
    }
    const device: DeviceLine = { serial: "", mac: "", name: "" };
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (column) device[column] = cell;
    });
    devices.push(device);
  }
  return devices;
}
