import { count, desc, eq, ilike, lte, sql } from "drizzle-orm";
import type { MANAGED_NOTICE_SORT_FIELDS, NoticeType } from "@netfleet/contracts/schemas/notices";
import type { Db } from "../../db/client";
import { notices, users } from "../../db/schema";
import { likeContains, parseSort, type ListExpression } from "../../lib/list-query";

const sortable = {
  enabled_at: notices.enabledAt,
  created_at: notices.createdAt,
} satisfies Record<(typeof MANAGED_NOTICE_SORT_FIELDS)[number], ListExpression>;

/**
 * The message as a reader sees it, tags removed, so a search for "href" does not find
 * every notice with a link. Notices are few: no index serves this.
 */
const messageText = sql<string>`regexp_replace(${notices.message}, '<[^>]*>', '', 'g')`;

const managedColumns = { notice: notices, createdByEmail: users.email };

export interface NoticeValues {
  type: NoticeType;
  /** Already sanitised HTML. */
  message: string;
  enabledAt: Date;
}

/** Notices are installation-wide: no tenancy filter applies. */
export function noticesRepo(db: Db) {
  const findManaged = async (id: number) => {
    const [row] = await db
      .select(managedColumns)
      .from(notices)
      .leftJoin(users, eq(users.id, notices.createdById))
      .where(eq(notices.id, id));
    return row;
  };

  return {
    /** Notices whose time has come, newest first. */
    async listInForce(page: { limit: number; offset: number }) {
      const where = lte(notices.enabledAt, sql`now()`);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(notices)
          .where(where)
          .orderBy(desc(notices.enabledAt), desc(notices.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(notices).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** Every notice, scheduled ones too, for the administration page. */
    async listManaged(query: {
      q?: string | undefined;
      sort?: string | undefined;
      limit: number;
      offset: number;
    }) {
      const where = query.q ? ilike(messageText, likeContains(query.q)) : undefined;
      const order = parseSort(query.sort, sortable, [desc(notices.enabledAt), desc(notices.id)]);
      const [rows, totals] = await Promise.all([
        db
          .select(managedColumns)
          .from(notices)
          .leftJoin(users, eq(users.id, notices.createdById))
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(notices).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async create(values: NoticeValues, createdById: number) {
      const [row] = await db
        .insert(notices)
        .values({ ...values, createdById })
        .returning({ id: notices.id });
      return findManaged(row!.id);
    },

    /** The updated notice, or undefined when there is no such notice. */
    async update(id: number, values: NoticeValues) {
      const [row] = await db
        .update(notices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(notices.id, id))
        .returning({ id: notices.id });
      return row && findManaged(row.id);
    },

    /** Whether a notice was deleted. */
    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(notices).where(eq(notices.id, id)).returning({ id: notices.id });
      return rows.length > 0;
    },
  };
}

export type NoticeRow = typeof notices.$inferSelect;
export type ManagedNoticeRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof noticesRepo>["listManaged"]>>["rows"][number]
>;
