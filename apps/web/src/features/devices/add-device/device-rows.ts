import {
  type DeviceAddBody,
  type DeviceLine,
  deviceAddBodySchema,
} from "@netfleet/contracts/schemas/device-add";
import { ApiRequestError } from "../../../lib/api-request-error";

/** What applies to every row of a list or file: chosen once, above the rows. */
export interface SharedChoices {
  companyId: number | null;
  tagIds: readonly number[];
}

/** The body of `POST /api/devices` for the given lines. */
export function devicesBody(lines: readonly DeviceLine[], shared: SharedChoices): DeviceAddBody {
  return {
    data: lines.map((line) => ({
      company_id: shared.companyId ?? 0,
      serial: line.serial,
      mac: line.mac,
      ...(line.name ? { name: line.name } : {}),
      ...(shared.tagIds.length > 0 ? { tag_id: [...shared.tagIds] } : {}),
    })),
  };
}

/** Problems by row (index into the lines), and those about the list as a whole. */
export interface RowProblems {
  rows: ReadonlyMap<number, readonly string[]>;
  list: readonly string[];
}

export const NO_PROBLEMS: RowProblems = { rows: new Map(), list: [] };

function addTo(rows: Map<number, string[]>, index: number, message: string) {
  const list = rows.get(index) ?? [];
  if (!list.includes(message)) list.push(message);
  rows.set(index, list);
}

/**
 * The rows the server would refuse, found by the same schema before anything is sent:
 * a bad serial number or MAC, a name too long, a value listed twice, too many rows. The
 * company and tags are checked by their own fields, so a stand-in company is used here.
 */
export function rowProblems(lines: readonly DeviceLine[]): RowProblems {
  const body = devicesBody(lines, { companyId: 1, tagIds: [] });
  const result = deviceAddBodySchema.safeParse(body);
  if (result.success) return NO_PROBLEMS;
  const rows = new Map<number, string[]>();
  const list: string[] = [];
  for (const issue of result.error.issues) {
    const [, index] = issue.path;
    if (typeof index === "number") addTo(rows, index, issue.message);
    else if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { rows, list };
}

/** A refusal of `POST /api/devices` sorted for the rows form. */
export interface ServerProblems extends RowProblems {
  /** Errors about the company or tags, which every row shares: shown under those fields. */
  fields: Partial<Record<"company_id" | "tag_id", string>>;
}

const ROW_SOURCE = /^data\.(\d+)\.(\w+)$/;

/**
 * Places the server's errors: `data.N.company_id` and `data.N.tag_id` under the shared
 * fields, other `data.N.field` errors on row N, the rest above the rows. Null when the
 * failure carries no such list (a network error): the form's usual handling applies.
 */
export function serverProblems(error: unknown): ServerProblems | null {
  if (!(error instanceof ApiRequestError) || error.errors.length === 0) return null;
  const rows = new Map<number, string[]>();
  const list: string[] = [];
  const fields: ServerProblems["fields"] = {};
  for (const entry of error.errors) {
    const match = ROW_SOURCE.exec(entry.source ?? "");
    const field = match?.[2];
    if (match && (field === "company_id" || field === "tag_id")) {
      fields[field] ??= entry.message;
    } else if (match) {
      addTo(rows, Number(match[1]), entry.message);
    } else if (!list.includes(entry.message)) {
      list.push(entry.message);
    }
  }
  return { rows, list, fields };
}
