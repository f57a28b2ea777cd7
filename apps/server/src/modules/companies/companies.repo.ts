import { randomBytes } from "node:crypto";
import { and, count, eq, inArray, isNull, like, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CompanyListQuery } from "@netfleet/contracts/schemas/companies";
import type { Db } from "../../db/client";
import { companies, companyCredits, creditTypes, devices, users } from "../../db/schema";
import { childPath, inTenant, type TenantScope } from "../../db/tenancy";
import { escapeLike, listOrder, pageIsEmpty, searchCondition } from "../../lib/list-query";

const parent = alias(companies, "parent");
const child = alias(companies, "child");
const ancestor = alias(companies, "ancestor");

/** Serialises changes to the shape of the tree (create, move, delete): see `lockTree`. */
const TREE_LOCK_KEY = 7_411_252;

const devicesCount =
  sql<number>`(select count(*) from ${devices} where ${devices.companyId} = ${companies.id})`.mapWith(
    Number,
  );
const usersCount =
  sql<number>`(select count(*) from ${users} where ${users.companyId} = ${companies.id})`.mapWith(
    Number,
  );
const subsidiariesCount =
  sql<number>`(select count(*) from ${companies} as "child" where ${child.parentId} = ${companies.id})`.mapWith(
    Number,
  );

/** A company's balances of its credit types (RMS `credits_left`): the sum of all types. */
const creditsLeft =
  sql<number>`(select coalesce(sum(${companyCredits.creditsLeft}), 0) from ${companyCredits} where ${companyCredits.companyId} = ${companies.id})`.mapWith(
    Number,
  );
/** Credit types of which the company still holds credits (`packs_left`). */
const packsLeft =
  sql<number>`(select count(*) from ${companyCredits} where ${companyCredits.companyId} = ${companies.id} and ${companyCredits.creditsLeft} > 0)`.mapWith(
    Number,
  );
/** Whether the company holds credits bought (`payment_type` paid) rather than given. */
const holdsPaid = sql<boolean>`exists (select 1 from ${companyCredits} join ${creditTypes} on ${creditTypes.id} = ${companyCredits.creditTypeId} where ${companyCredits.companyId} = ${companies.id} and ${companyCredits.creditsLeft} > 0 and ${creditTypes.paymentType} = 'paid')`;

/**
 * The tree view's order: the names (and ids, to part namesakes) of a company's ancestors
 * and its own, as `{{Root,0000000001},{North,0000000005}}`. Arrays compare element by
 * element and a prefix first, so every company comes right after its parent and before its
 * parent's next sibling, siblings by name. The ancestors come from the company's own path
 * by primary key, at most three look-ups per company. A page sorted so builds the key for
 * every company of the caller's tree: at thousands of companies, thousands of index look-ups
 * and an in-memory sort, milliseconds; the counts are then computed for the page's rows only.
 */
const treeOrder = sql`(select array_agg(array[${ancestor.name}, lpad(${ancestor.id}::text, 10, '0')] order by ${ancestor.level}) from ${companies} as "ancestor" where ${ancestor.id} = any(string_to_array(rtrim(${companies.path}, '/'), '/')::int[]))`;

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
  subsidiaries_count: subsidiariesCount,
  tree: treeOrder,
};

/** What `q` matches; companies.name has a pg_trgm index. */
export const companySearchable = { name: [companies.name] };

export interface CompanyListFilters {
  ids: number[] | undefined;
  /** 0 stands for "no parent": top-level companies. */
  parentIds: number[] | undefined;
}

/**
 * The columns of a company answer; the counts only when asked for (search shows none).
 * Always select them with the parent join: Drizzle qualifies column names only in a query
 * with a join, and the counts' subqueries must name the outer company's id.
 */
function answerColumns(withCounts: boolean) {
  const none = sql<number>`0`.mapWith(Number);
  return {
    company: {
      id: companies.id,
      name: companies.name,
      parentId: companies.parentId,
      level: companies.level,
      showPayment: companies.showPayment,
      email: companies.email,
      createdAt: companies.createdAt,
    },
    parentName: parent.name,
    remainingData: companies.remainingData,
    devicesCount: withCounts ? devicesCount : none,
    usersCount: withCounts ? usersCount : none,
    subsidiariesCount: withCounts ? subsidiariesCount : none,
    creditsLeft: withCounts ? creditsLeft : none,
    packsLeft: withCounts ? packsLeft : none,
    holdsPaid: withCounts ? holdsPaid : sql<boolean>`false`,
  };
}

/** The companies at or below `path`: one prefix scan of companies_path_key. */
const inSubtree = (path: string) => like(companies.path, `${escapeLike(path)}%`);

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

    /**
     * Holds the tree lock until the transaction ends. A create reads its parent's path and a
     * move rewrites the paths of a whole subtree: run at once, the new company could keep a
     * path the move has just replaced. Such changes are rare, so one lock for all is enough.
     */
    async lockTree() {
      await db.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_KEY})`);
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

    /** Where a company sits in the tree, if the caller's tree holds it. */
    async node(scope: TenantScope, id: number) {
      const [row] = await db
        .select({
          id: companies.id,
          name: companies.name,
          email: companies.email,
          parentId: companies.parentId,
          level: companies.level,
          path: companies.path,
          showPayment: companies.showPayment,
        })
        .from(companies)
        .where(and(eq(companies.id, id), inTenant(scope, companies.id)));
      return row;
    },

    /** A company's level, whoever asks: the caller's own, say. */
    async level(id: number): Promise<number | undefined> {
      const [row] = await db
        .select({ level: companies.level })
        .from(companies)
        .where(eq(companies.id, id));
      return row?.level;
    },

    /** One company as the API answers it, if the caller's tree holds it. */
    async find(scope: TenantScope, id: number) {
      const [row] = await db
        .select(answerColumns(true))
        .from(companies)
        .leftJoin(parent, eq(parent.id, companies.parentId))
        .where(and(eq(companies.id, id), inTenant(scope, companies.id)));
      return row;
    },

    async update(id: number, values: { name: string; email?: string | null }) {
      await db.update(companies).set(values).where(eq(companies.id, id));
    },

    /** The deepest level at or below the company at `path`. */
    async deepestLevel(path: string): Promise<number> {
      const [row] = await db
        .select({ level: sql<number>`max(${companies.level})`.mapWith(Number) })
        .from(companies)
        .where(inSubtree(path));
      return row?.level ?? 0;
    },

    /**
     * Puts `source` and everything below it under `target`: one statement rewrites the
     * subtree's paths and levels. No new path can meet an old one on the unique index, since
     * every path holds the source's id once and the source is not yet under the target.
     */
    async moveSubtree(
      source: { id: number; level: number; path: string },
      target: { id: number; level: number; path: string },
    ) {
      const oldPrefixLength = source.path.length - `${source.id}/`.length;
      await db
        .update(companies)
        .set({
          path: sql`${target.path} || substr(${companies.path}, ${oldPrefixLength + 1})`,
          level: sql`${companies.level} + ${target.level + 1 - source.level}`,
          parentId: sql`case when ${companies.id} = ${source.id} then ${target.id} else ${companies.parentId} end`,
        })
        .where(inSubtree(source.path));
    },

    /** What still belongs to a company: a company with any of it cannot be deleted. */
    async contents(id: number) {
      const [devicesHeld, usersHeld, subsidiaries] = [
        await db.$count(devices, eq(devices.companyId, id)),
        await db.$count(users, eq(users.companyId, id)),
        await db.$count(companies, eq(companies.parentId, id)),
      ];
      return { devices: devicesHeld, users: usersHeld, subsidiaries };
    },

    /** Deletes a company; its tags, roles, invitations and credit pools go with it. */
    async delete(id: number) {
      await db.delete(companies).where(eq(companies.id, id));
    },

    /**
     * One page of the companies of the caller's tree (its own included). The counts are
     * subqueries over the page's rows only, each an index look-up (devices_company_id_idx,
     * users_company_id_idx, companies_parent_id_idx), so they cost the same on any page at
     * thousands of companies; `sort=tree` orders by a key built from each company's path
     * (treeOrder).
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
      // The page's ids first, then its rows: counts computed in the ordered query would be
      // computed for every row skipped by `offset` too.
      const page = await db
        .select({ id: companies.id })
        .from(companies)
        .leftJoin(parent, eq(parent.id, companies.parentId))
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      const ids = page.map((row) => row.id);
      if (!ids.length) return { rows: [], total };
      const rows = await db
        .select(answerColumns(withCounts))
        .from(companies)
        .leftJoin(parent, eq(parent.id, companies.parentId))
        .where(inArray(companies.id, ids));
      const position = new Map(ids.map((id, i) => [id, i]));
      rows.sort((a, b) => position.get(a.company.id)! - position.get(b.company.id)!);
      return { rows, total };
    },
  };
}

export type InsertedCompany = Awaited<ReturnType<ReturnType<typeof companiesRepo>["insert"]>>;

export type CompanyNode = NonNullable<
  Awaited<ReturnType<ReturnType<typeof companiesRepo>["node"]>>
>;

export type CompanyRow = Awaited<
  ReturnType<ReturnType<typeof companiesRepo>["list"]>
>["rows"][number];
