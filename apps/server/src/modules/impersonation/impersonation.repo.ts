import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  or,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ImpersonationEndReason } from "@netfleet/contracts/schemas/impersonation";
import type { Db } from "../../db/client";
import {
  companies,
  impersonationGrants,
  impersonationLogs,
  roles,
  sessions,
  users,
} from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { likeContains, parseSort } from "../../lib/list-query";
import { rolesRepo } from "../roles/roles.repo";
import { userSummaryColumns, usersRepo } from "../users/users.repo";

const operators = alias(users, "operators");
const targets = alias(users, "targets");

const logSortable = {
  started_at: impersonationLogs.startedAt,
  ended_at: impersonationLogs.endedAt,
  operator_email: impersonationLogs.operatorEmail,
  target_email: impersonationLogs.targetEmail,
  company_name: companies.name,
  end_reason: impersonationLogs.endReason,
};

const userSortable = {
  email: users.email,
  company_name: companies.name,
  impersonation_access_limit: users.impersonationAccessLimit,
};

interface ListQuery {
  q?: string | undefined;
  sort?: string | undefined;
  limit: number;
  offset: number;
}

/** Grants, the impersonation log and the checks that keep an impersonation live. */
export function impersonationRepo(db: Db) {
  return {
    async createGrant(input: { userId: number; until: Date; tokenHash: string; expiresAt: Date }) {
      await db.insert(impersonationGrants).values(input);
    },

    /** Uses the user's own unused, unexpired grant link; returns its date, or undefined. */
    async consumeGrant(userId: number, tokenHash: string): Promise<Date | undefined> {
      const [row] = await db
        .update(impersonationGrants)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(impersonationGrants.tokenHash, tokenHash),
            eq(impersonationGrants.userId, userId),
            isNull(impersonationGrants.usedAt),
            gt(impersonationGrants.expiresAt, sql`now()`),
          ),
        )
        .returning({ until: impersonationGrants.until });
      return row?.until;
    },

    /** Withdrawing access also voids links not opened yet. */
    async voidOpenGrants(userId: number) {
      await db
        .update(impersonationGrants)
        .set({ usedAt: sql`now()` })
        .where(and(eq(impersonationGrants.userId, userId), isNull(impersonationGrants.usedAt)));
    },

    /** A user the caller's scope holds, with what starting an impersonation checks. */
    async findTarget(scope: TenantScope, id: number) {
      const user = await usersRepo(db).findInScope(scope, id);
      if (!user) return undefined;
      return {
        id: user.id,
        email: user.email,
        companyId: user.companyId,
        limit: user.impersonationAccessLimit,
        verified: user.emailVerifiedAt !== null,
        disabled: user.disabledAt !== null,
        grantLive: user.impersonationGrantLive,
        superAdmin: await rolesRepo(db).grants(user.roleId, "super_admin"),
      };
    },

    /** Opens a log row for the session; false when the session already impersonates. */
    async start(input: {
      operatorId: number;
      operatorEmail: string;
      targetId: number;
      targetEmail: string;
      targetCompanyId: number;
      sessionId: string;
    }): Promise<boolean> {
      const rows = await db
        .insert(impersonationLogs)
        .values(input)
        .onConflictDoNothing({
          target: impersonationLogs.sessionId,
          where: sql`${impersonationLogs.endedAt} is null`,
        })
        .returning({ id: impersonationLogs.id });
      return rows.length === 1;
    },

    /** The session's live impersonation, and whether its grant still holds. */
    async liveOfSession(sessionId: string) {
      const [row] = await db
        .select({
          id: impersonationLogs.id,
          targetId: impersonationLogs.targetId,
          operatorEmail: operators.email,
          usable: sql<boolean>`coalesce(${targets.impersonationAccessLimit} > now() and ${targets.disabledAt} is null, false)`,
          grantPassed: sql<boolean>`coalesce(${targets.impersonationAccessLimit} <= now(), false)`,
        })
        .from(impersonationLogs)
        .innerJoin(sessions, eq(sessions.id, impersonationLogs.sessionId))
        .innerJoin(operators, eq(operators.id, sessions.userId))
        .leftJoin(targets, eq(targets.id, impersonationLogs.targetId))
        .where(and(eq(impersonationLogs.sessionId, sessionId), isNull(impersonationLogs.endedAt)));
      return row;
    },

    /**
     * Checked on every request made with an impersonating access token: the session is
     * the operator's and alive, the impersonation still open, the grant in the future and
     * neither account disabled. Returns the operator's e-mail, or undefined.
     */
    async findLive(claims: { sessionId: string; operatorId: number; targetId: number }) {
      const [row] = await db
        .select({ operatorEmail: operators.email })
        .from(impersonationLogs)
        .innerJoin(sessions, eq(sessions.id, impersonationLogs.sessionId))
        .innerJoin(operators, eq(operators.id, sessions.userId))
        .innerJoin(targets, eq(targets.id, impersonationLogs.targetId))
        .where(
          and(
            eq(impersonationLogs.sessionId, claims.sessionId),
            eq(impersonationLogs.targetId, claims.targetId),
            eq(sessions.userId, claims.operatorId),
            isNull(impersonationLogs.endedAt),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
            gt(targets.impersonationAccessLimit, sql`now()`),
            isNull(targets.disabledAt),
            isNull(operators.disabledAt),
          ),
        );
      return row?.operatorEmail;
    },

    async end(id: number, reason: ImpersonationEndReason) {
      await db
        .update(impersonationLogs)
        .set({ endedAt: sql`now()`, endReason: reason })
        .where(and(eq(impersonationLogs.id, id), isNull(impersonationLogs.endedAt)));
    },

    async endOfSession(sessionId: string, reason: ImpersonationEndReason): Promise<number> {
      const rows = await db
        .update(impersonationLogs)
        .set({ endedAt: sql`now()`, endReason: reason })
        .where(and(eq(impersonationLogs.sessionId, sessionId), isNull(impersonationLogs.endedAt)))
        .returning({ id: impersonationLogs.id });
      return rows.length;
    },

    /**
     * Ends the live impersonations of the sessions a query of session ids selects, in one
     * statement however many sessions a user has.
     */
    async endOfSessions(sessionIds: SQLWrapper, reason: ImpersonationEndReason) {
      await db
        .update(impersonationLogs)
        .set({ endedAt: sql`now()`, endReason: reason })
        .where(
          and(isNull(impersonationLogs.endedAt), inArray(impersonationLogs.sessionId, sessionIds)),
        );
    },

    /** Adds impersonations that already ended, as the demo world's history. */
    async addEnded(entries: (typeof impersonationLogs.$inferInsert & { endedAt: Date })[]) {
      if (entries.length > 0) await db.insert(impersonationLogs).values(entries);
    },

    async endOfTarget(targetId: number, reason: ImpersonationEndReason): Promise<number> {
      const rows = await db
        .update(impersonationLogs)
        .set({ endedAt: sql`now()`, endReason: reason })
        .where(and(eq(impersonationLogs.targetId, targetId), isNull(impersonationLogs.endedAt)))
        .returning({ id: impersonationLogs.id });
      return rows.length;
    },

    /** One page of the log, limited to impersonated users in the caller's company tree. */
    async list(scope: TenantScope, query: ListQuery) {
      const search = query.q
        ? or(
            ilike(impersonationLogs.operatorEmail, likeContains(query.q)),
            ilike(impersonationLogs.targetEmail, likeContains(query.q)),
          )
        : undefined;
      const where = and(inTenant(scope, impersonationLogs.targetCompanyId), search);
      const order = parseSort(query.sort, logSortable, [
        desc(impersonationLogs.startedAt),
        desc(impersonationLogs.id),
      ]);
      const [rows, totals] = await Promise.all([
        db
          .select({ log: impersonationLogs, companyName: companies.name })
          .from(impersonationLogs)
          .innerJoin(companies, eq(companies.id, impersonationLogs.targetCompanyId))
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(impersonationLogs).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** Users in the caller's tree who granted access that still holds, the caller aside. */
    async impersonable(scope: TenantScope, callerId: number, query: ListQuery) {
      const search = query.q
        ? or(
            ilike(users.email, likeContains(query.q)),
            ilike(users.firstName, likeContains(query.q)),
            ilike(users.lastName, likeContains(query.q)),
          )
        : undefined;
      const where = and(
        inTenant(scope, users.companyId),
        gt(users.impersonationAccessLimit, sql`now()`),
        isNull(users.disabledAt),
        sql`${users.emailVerifiedAt} is not null`,
        sql`${users.id} <> ${callerId}`,
        search,
      );
      const [rows, totals] = await Promise.all([
        db
          .select({
            ...userSummaryColumns,
            companyName: companies.name,
            roleTitle: roles.title,
            limit: users.impersonationAccessLimit,
          })
          .from(users)
          .innerJoin(companies, eq(companies.id, users.companyId))
          .innerJoin(roles, eq(roles.id, users.roleId))
          .where(where)
          .orderBy(...parseSort(query.sort, userSortable, [asc(users.email), asc(users.id)]))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },
  };
}

export type ImpersonationLogRow = Awaited<
  ReturnType<ReturnType<typeof impersonationRepo>["list"]>
>["rows"][number];

export type ImpersonableUserRow = Awaited<
  ReturnType<ReturnType<typeof impersonationRepo>["impersonable"]>
>["rows"][number];
