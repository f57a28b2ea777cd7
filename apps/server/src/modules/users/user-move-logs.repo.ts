import { and, count, eq, ilike, isNull, or } from "drizzle-orm";
import type { UserMoveLogQuery } from "@netfleet/contracts/schemas/users";
import type { Db } from "../../db/client";
import { userMoveLogs } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { likeContains, listOrder, pageIsEmpty } from "../../lib/list-query";

const sortable = {
  id: userMoveLogs.id,
  created_at: userMoveLogs.createdAt,
  user_email: userMoveLogs.userEmail,
  moved_by_email: userMoveLogs.movedByEmail,
  from_company_name: userMoveLogs.fromCompanyName,
  to_company_name: userMoveLogs.toCompanyName,
};

/**
 * A move is seen by callers whose tree holds both companies (a deleted one counts as held):
 * naming a company outside the tree would tell of it.
 */
function visible(scope: TenantScope) {
  const from = inTenant(scope, userMoveLogs.fromCompanyId);
  const to = inTenant(scope, userMoveLogs.toCompanyId);
  if (!from || !to) return undefined;
  return and(
    or(isNull(userMoveLogs.fromCompanyId), from),
    or(isNull(userMoveLogs.toCompanyId), to),
  );
}

export type UserMoveLogValues = Omit<typeof userMoveLogs.$inferInsert, "id" | "createdAt">;

/** The log of users moved between companies. Pass a transaction to write with the move. */
export function userMoveLogsRepo(db: Db) {
  return {
    async add(rows: UserMoveLogValues[]) {
      if (rows.length) await db.insert(userMoveLogs).values(rows);
    },

    /** One page of the moves the caller's tree saw, and how many match. */
    async list(
      scope: TenantScope,
      query: UserMoveLogQuery,
      filters: { userId: number | undefined; companyId: number | undefined },
    ) {
      const pattern = query.q ? likeContains(query.q) : undefined;
      const where = and(
        visible(scope),
        pattern
          ? or(
              ilike(userMoveLogs.userEmail, pattern),
              ilike(userMoveLogs.movedByEmail, pattern),
              ilike(userMoveLogs.fromCompanyName, pattern),
              ilike(userMoveLogs.toCompanyName, pattern),
            )
          : undefined,
        filters.userId === undefined ? undefined : eq(userMoveLogs.userId, filters.userId),
        filters.companyId === undefined
          ? undefined
          : or(
              eq(userMoveLogs.fromCompanyId, filters.companyId),
              eq(userMoveLogs.toCompanyId, filters.companyId),
            ),
      );
      const [counted] = await db.select({ total: count() }).from(userMoveLogs).where(where);
      const total = counted?.total ?? 0;
      const order = listOrder(
        query.sort,
        sortable,
        [{ column: userMoveLogs.id, descending: true }],
        total,
      );
      if (pageIsEmpty(query, total)) return { rows: [], total };
      const rows = await db
        .select()
        .from(userMoveLogs)
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total };
    },
  };
}

export type UserMoveLogRow = Awaited<
  ReturnType<ReturnType<typeof userMoveLogsRepo>["list"]>
>["rows"][number];
