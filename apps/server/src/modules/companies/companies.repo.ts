import { randomBytes } from "node:crypto";
import { and, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CompanyListQuery } from "@netfleet/contracts/schemas/companies";
import type { Db } from "../../db/client";
import { companies, devices, users } from "../../db/schema";
import { childPath, inTenant, type TenantScope } from "../../db/tenancy";
import { listOrder, pageIsEmpty, searchCondition } from "../../lib/list-query";

const parent = alias(companies, "parent");

const devicesCount =
  sql<number>`(select count(*) from ${devices} where ${devices.companyId} = ${companies.id})`.mapWith(
    Number,
  );
const usersCount =
  sql<number>`(select count(*) from ${users} where ${users.companyId} = ${companies.id})`.mapWith(
    Number,
  );

/** RMS sorts by `company_name` and `device_count`; our own names work as well. */
const sortable = {
  id: companies.id,
  name: companies.name,
  company_name: companies.name,
  parent_id: companies.parentId,
  level: companies.level,
  created_at: companies.createdAt,
  // RMS API v3 spells it so in its sort enum; scripts written for it send it.
  crated_at: companies.createdAt,
  device_count: devicesCount,
  devices_count: devicesCount,
  users_count: usersCount,
};

/** What `q` matches; companies.name has a pg_trgm index. */
export const companySearchable = { name: [companies.name] };

export interface CompanyListFilters {
  ids: number[] | undefined;
  /** 0 stands for "no parent": top-level companies. */
  parentIds: number[] | undefined;
}

export function companiesRepo(db: Db) {
  return {
    /** Inserts a company under `parent` (or at the top), filling in level and ancestry path. */
    async insert(input: {
      name: string;
      parent?: { id: number; level: number; path: string } | null;
      showPayment?: boolean;
    }) {
      const parent = input.parent ?? null;
      const [row] = await db
        .insert(companies)
        .values({
          name: input.name,
          parentId: parent?.id ?? null,
          level: parent ? parent.level + 1 : 1,
          // The real path needs the id; a unique placeholder keeps the index happy until then.
          path: `pending-${randomBytes(8).toString("hex")}`,
          showPayment: input.showPayment ?? false,
        })
        .returning({ id: companies.id, level: companies.level });
      const path = childPath(parent?.path ?? null, row!.id);
      await db.update(companies).set({ path }).where(eq(companies.id, row!.id));
      return { id: row!.id, level: row!.level, path, name: input.name };
    },

    /** Sets the company data left to spend, in bytes. */
    async setRemainingData(id: number, bytes: number) {
      await db.update(companies).set({ remainingData: bytes }).where(eq(companies.id, id));
    },

    /** Sets whether second factors are mandatory; false when the company is outside the tree. */
    async setMfaMandatory(scope: TenantScope, id: number, mandatory: boolean): Promise<boolean> {
      const rows = await db
        .update(companies)
        .set({ mfaMandatory: mandatory })
        .where(and(eq(companies.id, id), inTenant(scope, companies.id)))
        .returning({ id: companies.id });
      return rows.length === 1;
    },

    /** The company if the caller's tree holds it; undefined otherwise. */
    async findInScope(scope: TenantScope, id: number) {
      const [row] = await db
        .select({ id: companies.id, remainingData: companies.remainingData })
        .from(companies)
        .where(and(eq(companies.id, id), inTenant(scope, companies.id)));
      return row;
    },

    /**
     * One page of the companies of the caller's tree (its own included). The device and
     * user counts are computed only when asked for: search does not show them.
     */
    async list(
      scope: TenantScope,
      query: CompanyListQuery,
      filters: CompanyListFilters,
      withCounts: boolean,
    ) {
      const parentIds = filters.parentIds?.filter((id) => id !== 0);
      const where = and(
        inTenant(scope, companies.id),
        searchCondition(query, companySearchable),
        filters.ids && inArray(companies.id, filters.ids),
        filters.parentIds &&
          or(
            // A parent outside the tree matches as a missing one would, even the parent of
            // the caller's own company.
            parentIds?.length
              ? and(inArray(companies.parentId, parentIds), inTenant(scope, companies.parentId))
              : undefined,
            filters.parentIds.includes(0) ? isNull(companies.parentId) : undefined,
          ),
        query.level === undefined ? undefined : eq(companies.level, query.level),
      );
      const [counted] = await db.select({ total: count() }).from(companies).where(where);
      const total = counted?.total ?? 0;
      const order = listOrder(
        query.sort,
        sortable,
        [{ column: companies.id, descending: true }],
        total,
      );
      if (pageIsEmpty(query, total)) return { rows: [], total };
      const rows = await db
        .select({
          company: {
            id: companies.id,
            name: companies.name,
            parentId: companies.parentId,
            level: companies.level,
            createdAt: companies.createdAt,
          },
          parentName: parent.name,
          devicesCount: withCounts ? devicesCount : sql<number>`0`.mapWith(Number),
          usersCount: withCounts ? usersCount : sql<number>`0`.mapWith(Number),
        })
        .from(companies)
        .leftJoin(parent, eq(parent.id, companies.parentId))
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total };
    },
  };
}

export type InsertedCompany = Awaited<ReturnType<ReturnType<typeof companiesRepo>["insert"]>>;

export type CompanyListRow = Awaited<
  ReturnType<ReturnType<typeof companiesRepo>["list"]>
>["rows"][number];
