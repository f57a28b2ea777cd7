import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { TagListQuery } from "@netfleet/contracts/schemas/tags";
import type { Db } from "../../db/client";
import { companies, tags } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { listOrder, pageIsEmpty, searchCondition } from "../../lib/list-query";

/**
 * Devices carry no tags yet, so every tag counts 0 devices; the cast keeps PostgreSQL from
 * reading the constant as a column position in ORDER BY.
 */
const devicesCount = sql<number>`cast(0 as integer)`.mapWith(Number);

const sortable = {
  id: tags.id,
  name: tags.name,
  color: tags.color,
  company_name: companies.name,
  created_at: tags.createdAt,
  // RMS's name for it, and the item's.
  device_count: devicesCount,
  devices_count: devicesCount,
};

/** What `q` matches; tags.name has a pg_trgm index. */
export const tagSearchable = { name: [tags.name] };

export interface TagListFilters {
  ids: number[] | undefined;
  companyId: number | undefined;
}

export function tagsRepo(db: Db) {
  return {
    /** One page of the tags of the caller's company tree, and how many match in all. */
    async list(scope: TenantScope, query: TagListQuery, filters: TagListFilters) {
      const where = and(
        inTenant(scope, tags.companyId),
        searchCondition(query, tagSearchable),
        filters.ids && inArray(tags.id, filters.ids),
        filters.companyId === undefined ? undefined : eq(tags.companyId, filters.companyId),
      );
      const [counted] = await db.select({ total: count() }).from(tags).where(where);
      const total = counted?.total ?? 0;
      const order = listOrder(query.sort, sortable, [{ column: tags.id, descending: true }], total);
      if (pageIsEmpty(query, total)) return { rows: [], total };
      const rows = await db
        .select({ tag: tags, companyName: companies.name, devicesCount })
        .from(tags)
        .innerJoin(companies, eq(companies.id, tags.companyId))
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total };
    },
  };
}

export type TagListRow = Awaited<ReturnType<ReturnType<typeof tagsRepo>["list"]>>["rows"][number];
