import { and, count, desc, eq, ilike, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, devices } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { likeContains, parseSort } from "../../lib/list-query";

const sortable = {
  id: devices.id,
  name: devices.name,
  serial: devices.serial,
  mac: devices.mac,
  model: devices.model,
  firmware: devices.firmware,
  status: devices.status,
  created_at: devices.createdAt,
  company_name: companies.name,
};

export function devicesRepo(db: Db) {
  return {
    /** One page of the devices the caller's company tree holds, and how many match in all. */
    async list(
      scope: TenantScope,
      query: { q?: string | undefined; sort?: string | undefined; limit: number; offset: number },
    ) {
      const search = query.q
        ? or(
            ilike(devices.name, likeContains(query.q)),
            ilike(devices.serial, likeContains(query.q)),
            ilike(devices.mac, likeContains(query.q)),
          )
        : undefined;
      const where = and(inTenant(scope, devices.companyId), search);
      const order = parseSort(query.sort, sortable, [desc(devices.id)]);
      const [rows, totals] = await Promise.all([
        db
          .select({ device: devices, companyName: companies.name })
          .from(devices)
          .innerJoin(companies, eq(companies.id, devices.companyId))
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(devices).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },
  };
}

export type DeviceListRow = Awaited<
  ReturnType<ReturnType<typeof devicesRepo>["list"]>
>["rows"][number];
