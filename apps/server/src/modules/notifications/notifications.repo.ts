import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type {
  NotificationsQuery,
  NotificationType,
} from "@netfleet/contracts/schemas/notifications";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";
import type { TenantScope } from "../../db/tenancy";
import { companiesRepo } from "../companies/companies.repo";
import { usersRepo } from "../users/users.repo";

export type NotificationRow = typeof notifications.$inferSelect;

/** Rows per INSERT when a notification goes to a whole company. */
const INSERT_CHUNK = 1000;

export function notificationsRepo(db: Db) {
  return {
    /** A page of the user's own notifications, newest first, with the counts the bell needs. */
    async listOwn(userId: number, query: NotificationsQuery) {
      const own = eq(notifications.userId, userId);
      const where =
        query.seen === undefined
          ? own
          : and(
              own,
              query.seen === "seen"
                ? isNotNull(notifications.seenAt)
                : isNull(notifications.seenAt),
            );
      const [rows, totals, unseen] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: count() }).from(notifications).where(where),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(own, isNull(notifications.seenAt))),
      ]);
      return { rows, total: totals[0]?.n ?? 0, unseen: unseen[0]?.n ?? 0 };
    },

    /** Marks those of `ids` that are the user's and unseen as seen; returns how many. */
    async markSeen(userId: number, ids: readonly number[]): Promise<number> {
      const changed = await db
        .update(notifications)
        .set({ seenAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, userId),
            inArray(notifications.id, [...ids]),
            isNull(notifications.seenAt),
          ),
        )
        .returning({ id: notifications.id });
      return changed.length;
    },

    async insert(
      userIds: readonly number[],
      input: { type: NotificationType; summary: string },
    ): Promise<NotificationRow[]> {
      const rows: NotificationRow[] = [];
      for (let i = 0; i < userIds.length; i += INSERT_CHUNK) {
        const values = userIds.slice(i, i + INSERT_CHUNK).map((userId) => ({ userId, ...input }));
        rows.push(...(await db.insert(notifications).values(values).returning()));
      }
      return rows;
    },

    /** `[id]` when the user lies in the caller's company tree; undefined otherwise. */
    async userInScope(scope: TenantScope, userId: number): Promise<number[] | undefined> {
      const user = await usersRepo(db).findInScope(scope, userId);
      return user ? [user.id] : undefined;
    },

    /** The company's own users when it lies in the caller's tree; undefined otherwise. */
    async usersOfCompanyInScope(
      scope: TenantScope,
      companyId: number,
    ): Promise<number[] | undefined> {
      const company = await companiesRepo(db).findInScope(scope, companyId);
      return company && usersRepo(db).idsOfCompany(company.id);
    },
  };
}
