import type { ErrorCode } from "@netfleet/contracts/errors";
import {
  DEVICE_ADD_MESSAGES,
  DEVICE_STATUS_NOT_ACTIVATED,
  type DeviceAdded,
  type deviceAddRowSchema,
} from "@netfleet/contracts/schemas/device-add";
import { toRmsDateTime } from "@netfleet/contracts/dates";
import type { z } from "zod";
import type { AppContext } from "../../app-context";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../plugins/errors";
import { deviceAddRepo } from "./device-add.repo";
import { devicesRepo } from "./devices.repo";

type Row = z.output<typeof deviceAddRowSchema>;

interface RowError {
  index: number;
  field: keyof Row;
  message: string;
}

/** One refusal naming every row at fault, each with its own `data.N.field` source. */
function rowsError(code: ErrorCode, errors: readonly RowError[]): AppError {
  const [first, ...rest] = errors.map((e) => ({
    code,
    message: e.message,
    source: `data.${e.index}.${e.field}`,
  }));
  return new AppError(code, first!.message, { source: first!.source, extra: rest });
}

/**
 * Adds devices before they connect, all or none: every company must lie in the caller's
 * tree (404 otherwise, as for any company the caller cannot see), every tag must be one a
 * user of the device's company sees (its company or a subsidiary's), and no serial number
 * may be registered already, anywhere. A device added here is Not Activated and has no
 * secret: the agent that enrols with this serial and MAC and the company's token takes
 * the row over (enrolment.service.ts).
 */
export async function addDevices(
  ctx: Pick<AppContext, "db">,
  actor: Actor,
  rows: readonly Row[],
): Promise<DeviceAdded[]> {
  const reads = deviceAddRepo(ctx.db);
  const companyIds = [...new Set(rows.map((row) => row.company_id))];
  const companies = new Map(
    (await reads.companiesInScope(actor.tenant, companyIds)).map((c) => [c.id, c]),
  );
  const unknown = rows.flatMap((row, index) =>
    companies.has(row.company_id)
      ? []
      : [{ index, field: "company_id" as const, message: "No such company." }],
  );
  if (unknown.length > 0) throw rowsError("NOT_FOUND", unknown);

  const tagIds = [...new Set(rows.flatMap((row) => row.tag_id ?? []))];
  const tagPaths = new Map(
    (await devicesRepo(ctx.db).tagPlacesOf(actor.tenant, tagIds)).map((t) => [t.id, t.companyPath]),
  );
  const unavailable = rows.flatMap((row, index) => {
    const companyPath = companies.get(row.company_id)!.path;
    const refused = (row.tag_id ?? []).some((id) => !tagPaths.get(id)?.startsWith(companyPath));
    return refused
      ? [{ index, field: "tag_id" as const, message: DEVICE_ADD_MESSAGES.tagUnavailable }]
      : [];
  });
  if (unavailable.length > 0) throw rowsError("VALIDATION_FAILED", unavailable);

  const added = await ctx.db.transaction(async (tx) => {
    const devices = devicesRepo(tx);
    const inserted = await devices.addMany(
      rows.map((row) => ({
        companyId: row.company_id,
        serial: row.serial,
        mac: row.mac,
        name: row.name || row.serial,
        model: row.device_series?.toUpperCase() ?? "",
        status: DEVICE_STATUS_NOT_ACTIVATED,
      })),
    );
    const bySerial = new Map(inserted.map((device) => [device.serial, device]));
    const taken = rows.flatMap((row, index) =>
      bySerial.has(row.serial)
        ? []
        : [{ index, field: "serial" as const, message: DEVICE_ADD_MESSAGES.serialTaken }],
    );
    // Thrown inside the transaction: the rows already inserted go with it.
    if (taken.length > 0) throw rowsError("CONFLICT", taken);
    await devices.addTags(
      rows.flatMap((row) =>
        (row.tag_id ?? []).map((tagId) => ({ deviceId: bySerial.get(row.serial)!.id, tagId })),
      ),
    );
    return rows.map((row) => ({ device: bySerial.get(row.serial)!, tagIds: row.tag_id ?? [] }));
  });
  return added.map(({ device, tagIds }) => ({
    id: device.id,
    name: device.name,
    serial: device.serial,
    mac: device.mac,
    model: device.model,
    status: device.status,
    company_id: device.companyId,
    company_name: companies.get(device.companyId)!.name,
    tag_id: tagIds,
    created_at: toRmsDateTime(device.createdAt),
  }));
}
