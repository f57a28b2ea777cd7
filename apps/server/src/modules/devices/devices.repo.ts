import { and, count, eq } from "drizzle-orm";
import type { SearchableListQuery } from "@netfleet/contracts/schemas/search";
import type { Db } from "../../db/client";
import { companies, devices } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { listOrder, pageIsEmpty, searchCondition } from "../../lib/list-query";

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

/** What `q` matches, by the names `search-fields` uses; each has a pg_trgm index. */
export const deviceSearchable = {
  name: [devices.name],
  serial: [devices.serial],
  mac: [devices.mac],
};

export function devicesRepo(db: Db) {
  return {
    /** One page of the devices the caller's company tree holds, and how many match in all. */
    async list(scope: TenantScope, query: SearchableListQuery) {
      const where = and(
        inTenant(scope, devices.companyId),
        searchCondition(query, deviceSearchable),
      );
      const [counted] = await db.select({ total: count() }).from(devices).where(where);
      const total = counted?.total ?? 0;
      const order = listOrder(
        query.sort,
        sortable,
        [{ column: devices.id, descending: true }],
        total,
      );
      if (pageIsEmpty(query, total)) return { rows: [], total };
      const rows = await db
        .select({ device: devices, companyName: companies.name })
        .from(devices)
        .innerJoin(companies, eq(companies.id, devices.companyId))
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total };
    },
  };
}

export type DeviceListRow = Awaited<
  ReturnType<ReturnType<typeof devicesRepo>["list"]>
>["rows"][number];
