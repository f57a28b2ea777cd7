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

export interface TagValues {
  name?: string;
  description?: string | null;
  color?: string | null;
}

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

    /** One tag of the caller's company tree, as the list shows it, or undefined. */
    async find(scope: TenantScope, id: number) {
      const [row] = await db
        .select({ tag: tags, companyName: companies.name, devicesCount })
        .from(tags)
        .innerJoin(companies, eq(companies.id, tags.companyId))
        .where(and(eq(tags.id, id), inTenant(scope, tags.companyId)));
      return row;
    },

    /** The new tag's id; a name the company already uses raises a unique violation. */
    async create(companyId: number, values: TagValues & { name: string }) {
      const [row] = await db
        .insert(tags)
        .values({ companyId, ...values })
        .returning({ id: tags.id });
      return row!.id;
    },

    /** Whether a tag of the caller's tree was changed. */
    async update(scope: TenantScope, id: number, values: TagValues): Promise<boolean> {
      const where = and(eq(tags.id, id), inTenant(scope, tags.companyId));
      // Nothing to change still answers whether the tag is there.
      const rows =
        Object.keys(values).length === 0
          ? await db.select({ id: tags.id }).from(tags).where(where)
          : await db.update(tags).set(values).where(where).returning({ id: tags.id });
      return rows.length > 0;
    },

    /** Whether a tag of the caller's tree was deleted. */
    async delete(scope: TenantScope, id: number): Promise<boolean> {
      const rows = await db
        .delete(tags)
        .where(and(eq(tags.id, id), inTenant(scope, tags.companyId)))
        .returning({ id: tags.id });
      return rows.length > 0;
    },
  };
}

export type TagListRow = Awaited<ReturnType<ReturnType<typeof tagsRepo>["list"]>>["rows"][number];
