import { and, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  companies,
  refreshTokens,
  rolePermissions,
  roles,
  sessions,
  userTokens,
  users,
} from "../../db/schema";
import type { ActingUser } from "../../lib/actor";
import { impersonationRepo } from "../impersonation/impersonation.repo";
import { userAuthColumns, usersRepo } from "../users/users.repo";

export type UserTokenPurpose = "verify_email" | "reset_password" | "sign_in_link";

/** Signing out is told apart in the impersonation log; other revocations are not. */
function impersonationEndReason(sessionRevokedReason: string) {
  return sessionRevokedReason === "sign_out" ? ("signed_out" as const) : ("session_ended" as const);
}

/** A one-time link with this hash and purpose, not used yet and not expired. */
function openUserToken(tokenHash: string, purpose: UserTokenPurpose) {
  return and(
    eq(userTokens.tokenHash, tokenHash),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, sql`now()`),
  );
}

/** The signed-in user with role, company and permissions. */
export const authUserColumns = {
  ...userAuthColumns,
  companyPath: companies.path,
  roleName: roles.name,
  globalScope: roles.globalScope,
  mfaMandatory: companies.mfaMandatory,
  // In the same statement: authenticating a request costs one round trip.
  permissions: sql<
    string[]
  >`array(select ${rolePermissions.permission} from ${rolePermissions} where ${rolePermissions.roleId} = ${users.roleId})`,
};

/** Every user with role, company and permissions, to narrow down. */
function authUsers(db: Db) {
  return db
    .select(authUserColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(roles, eq(roles.id, users.roleId));
}

type AuthUserRow = Awaited<ReturnType<typeof authUsers>>[number];

export function actingUser(row: AuthUserRow): ActingUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    disabled: row.disabledAt !== null,
    companyId: row.companyId,
    companyPath: row.companyPath,
    roleId: row.roleId,
    roleName: row.roleName,
    globalScope: row.globalScope,
    permissions: row.permissions,
    mfaType: row.mfaType,
    mfaMandatory: row.mfaMandatory,
  };
}

/**
 * Sessions, refresh tokens and one-time links. The users rows these act on
 * are written through usersRepo. Pass a transaction to run calls inside it.
 */
export function accountsRepo(db: Db) {
  return {
    /**
     * The signed-in user with role and company path, or undefined when the user is gone
     * or, for a session, when the session was revoked or has expired.
     */
    async loadAuthUser(userId: number, sessionId: string | null): Promise<ActingUser | undefined> {
      const base = authUsers(db);
      const [row] = sessionId
        ? await base
            .innerJoin(sessions, eq(sessions.userId, users.id))
            .where(
              and(
                eq(users.id, userId),
                eq(sessions.id, sessionId),
                isNull(sessions.revokedAt),
                gt(sessions.expiresAt, sql`now()`),
              ),
            )
        : await base.where(eq(users.id, userId));
      return row && actingUser(row);
    },

    /**
     * Sets the password and voids every reset and sign-in link still open: a link mailed
     * before the change must not undo it. Run inside a transaction.
     */
    async setPassword(userId: number, passwordHash: string) {
      await usersRepo(db).setPasswordHash(userId, passwordHash);
      await db
        .update(userTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(userTokens.userId, userId),
            inArray(userTokens.purpose, ["reset_password", "sign_in_link"]),
            isNull(userTokens.usedAt),
          ),
        );
    },

    async createSession(input: {
      userId: number;
      expiresAt: Date;
      userAgent: string | null;
      ip: string | null;
    }) {
      // Every session starts with a typed password, which counts as confirming it.
      const [row] = await db
        .insert(sessions)
        .values({ ...input, passwordConfirmedAt: sql`now()` })
        .returning({ id: sessions.id });
      return row!.id;
    },

    async insertRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(refreshTokens).values({ sessionId, tokenHash, expiresAt });
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          sessionId: refreshTokens.sessionId,
          usedAt: refreshTokens.usedAt,
          expiresAt: refreshTokens.expiresAt,
          rotatedBy: refreshTokens.rotatedBy,
          successor: refreshTokens.successor,
          userId: sessions.userId,
          sessionRevokedAt: sessions.revokedAt,
          sessionExpiresAt: sessions.expiresAt,
        })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /**
     * Marks a refresh token used by `rotatedBy`, keeping the sealed tokens that rotation
     * issued; false when another request rotated it first.
     */
    async markRefreshTokenUsed(id: number, rotatedBy: string, successor: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: sql`now()`, rotatedBy, successor })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    /** Ends the session, and with it any impersonation it was running. */
    async revokeSession(sessionId: string, reason: string) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
      await impersonationRepo(db).endOfSession(sessionId, impersonationEndReason(reason));
    },

    /** Ends the user's sessions: all of them, or all but `keepSessionId` (the one asking). */
    async revokeUserSessions(userId: number, reason: string, keepSessionId?: string) {
      const mine = and(
        eq(sessions.userId, userId),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      );
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: reason })
        .where(and(mine, isNull(sessions.revokedAt)));
      await impersonationRepo(db).endOfSessions(
        db.select({ id: sessions.id }).from(sessions).where(mine),
        impersonationEndReason(reason),
      );
    },

    /** When the password was last typed in the session; null for an unknown session. */
    async passwordConfirmedAt(sessionId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sessions.passwordConfirmedAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row?.at ?? null;
    },

    /** The session's user typed the password again. */
    async confirmPassword(sessionId: string) {
      await db
        .update(sessions)
        .set({ passwordConfirmedAt: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },

    /**
     * Sets a new, unconfirmed address. Confirmation links sent to the old address stop
     * working: they must not confirm an address they never reached. Returns false when
     * another account holds the address.
     */
    async changeEmail(userId: number, email: string): Promise<boolean> {
      if (!(await usersRepo(db).changeEmail(userId, email))) return false;
      await db
        .delete(userTokens)
        .where(
          and(
            eq(userTokens.userId, userId),
            eq(userTokens.purpose, "verify_email"),
            isNull(userTokens.usedAt),
          ),
        );
      return true;
    },

    async createUserToken(
      userId: number,
      purpose: UserTokenPurpose,
      tokenHash: string,
      expiresAt: Date,
    ) {
      await db.insert(userTokens).values({ userId, purpose, tokenHash, expiresAt });
    },

    /** The enabled user of a one-time link that is still open, without using it. */
    async findOpenUserToken(
      tokenHash: string,
      purpose: UserTokenPurpose,
    ): Promise<number | undefined> {
      const [row] = await db
        .select({ userId: userTokens.userId })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .where(and(openUserToken(tokenHash, purpose), isNull(users.disabledAt)));
      return row?.userId;
    },

    /** Uses a one-time link; returns its user, or undefined when unknown, used or expired. */
    async consumeUserToken(
      tokenHash: string,
      purpose: UserTokenPurpose,
    ): Promise<number | undefined> {
      const [row] = await db
        .update(userTokens)
        .set({ usedAt: sql`now()` })
        .where(openUserToken(tokenHash, purpose))
        .returning({ userId: userTokens.userId });
      return row?.userId;
    },

    /** Whether a confirmation link was already used by an account that is now confirmed. */
    async wasConfirmedWith(tokenHash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: userTokens.id })
        .from(userTokens)
        .innerJoin(users, eq(users.id, userTokens.userId))
        .where(
          and(
            eq(userTokens.tokenHash, tokenHash),
            eq(userTokens.purpose, "verify_email"),
            isNotNull(userTokens.usedAt),
            isNotNull(users.emailVerifiedAt),
          ),
        );
      return row !== undefined;
    },
  };
}

export type AccountsRepo = ReturnType<typeof accountsRepo>;
