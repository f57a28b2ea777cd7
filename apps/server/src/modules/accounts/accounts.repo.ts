import { and, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  companies,
  impersonationLogs,
  invitations,
  refreshTokens,
  rolePermissions,
  roles,
  sessions,
  userTokens,
  users,
} from "../../db/schema";

/** The user as the auth layer needs it on every request. */
export interface AuthUserRow {
  id: number;
  email: string;
  emailVerified: boolean;
  disabled: boolean;
  companyId: number;
  companyPath: string;
  roleId: number;
  roleName: string;
  globalScope: boolean;
  permissions: string[];
  /** The user's second factor, or null without one. */
  mfaType: "email" | "teltonika_id" | "totp" | null;
  /** The user's company requires a second factor. */
  mfaMandatory: boolean;
}

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

/** Accounts, sessions and one-time links. Pass a transaction to run calls inside it. */
export function accountsRepo(db: Db) {
  return {
    async findUserByEmail(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          passwordHash: users.passwordHash,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(eq(users.email, email.toLowerCase()));
      return row;
    },

    async findUserById(id: number) {
      const [row] = await db
        .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /**
     * The signed-in user with role and company path, or undefined when the user is gone
     * or, for a session, when the session was revoked or has expired.
     */
    async loadAuthUser(userId: number, sessionId: string | null): Promise<AuthUserRow | undefined> {
      const base = db
        .select({
          id: users.id,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          disabledAt: users.disabledAt,
          companyId: users.companyId,
          companyPath: companies.path,
          roleId: users.roleId,
          roleName: roles.name,
          globalScope: roles.globalScope,
          mfaType: users.mfaType,
          mfaMandatory: companies.mfaMandatory,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .innerJoin(roles, eq(roles.id, users.roleId));
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
      if (!row) return undefined;
      const perms = await db
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, row.roleId));
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
        permissions: perms.map((p) => p.permission),
        mfaType: row.mfaType,
        mfaMandatory: row.mfaMandatory,
      };
    },

    async recordSuccessfulSignIn(userId: number) {
      await db
        .update(users)
        .set({ lastLoginAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    /**
     * Sets the password and voids every reset and sign-in link still open: a link mailed
     * before the change must not undo it. Run inside a transaction.
     */
    async setPassword(userId: number, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
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

    async markEmailVerified(userId: number) {
      await db
        .update(users)
        .set({ emailVerifiedAt: sql`now()` })
        .where(eq(users.id, userId));
    },

    async setTosAccepted(userId: number, accepted: boolean) {
      await db.update(users).set({ tosAccepted: accepted }).where(eq(users.id, userId));
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
      await db
        .update(impersonationLogs)
        .set({ endedAt: sql`now()`, endReason: impersonationEndReason(reason) })
        .where(and(eq(impersonationLogs.sessionId, sessionId), isNull(impersonationLogs.endedAt)));
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
      await db
        .update(impersonationLogs)
        .set({ endedAt: sql`now()`, endReason: impersonationEndReason(reason) })
        .where(
          and(
            isNull(impersonationLogs.endedAt),
            inArray(
              impersonationLogs.sessionId,
              db.select({ id: sessions.id }).from(sessions).where(mine),
            ),
          ),
        );
    },

    /** The user's second factor and whether their company requires one. */
    async findMfaState(userId: number) {
      const [row] = await db
        .select({
          mfaType: users.mfaType,
          mfaMandatory: companies.mfaMandatory,
          emailVerifiedAt: users.emailVerifiedAt,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, userId));
      return row;
    },

    /** What the e-mail change needs to know about the account. */
    async findAccount(userId: number) {
      const [row] = await db
        .select({ id: users.id, email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /**
     * Sets a new, unconfirmed address. Confirmation links sent to the old address stop
     * working: they must not confirm an address they never reached. Returns false when
     * another account holds the address.
     */
    async changeEmail(userId: number, email: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ email: email.toLowerCase(), emailVerifiedAt: null })
        .where(
          and(
            eq(users.id, userId),
            sql`not exists (select 1 from ${users} other where other.email = ${email.toLowerCase()} and other.id <> ${userId})`,
          ),
        )
        .returning({ id: users.id });
      if (rows.length === 0) return false;
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

    /** An invitation that can still be accepted, with what the registration page shows. */
    async findOpenInvitation(tokenHash: string) {
      const [row] = await db
        .select({
          id: invitations.id,
          email: invitations.email,
          companyId: invitations.companyId,
          companyName: companies.name,
          roleId: invitations.roleId,
          roleTitle: roles.title,
          expiresAt: invitations.expiresAt,
          invitedById: invitations.invitedById,
        })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .innerJoin(roles, eq(roles.id, invitations.roleId))
        .where(
          and(
            eq(invitations.tokenHash, tokenHash),
            isNull(invitations.acceptedAt),
            gt(invitations.expiresAt, sql`now()`),
          ),
        );
      return row;
    },

    async insertInvitation(input: {
      email: string;
      companyId: number;
      roleId: number;
      invitedById: number | null;
      tokenHash: string;
      expiresAt: Date;
    }) {
      await db.insert(invitations).values({ ...input, email: input.email.toLowerCase() });
    },

    async acceptInvitation(id: number): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ acceptedAt: sql`now()` })
        .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    async createUser(input: {
      email: string;
      username: string | null;
      firstName?: string | null;
      lastName?: string | null;
      passwordHash: string | null;
      companyId: number;
      roleId: number;
      emailVerified: boolean;
    }) {
      const [row] = await db
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          username: input.username,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          passwordHash: input.passwordHash,
          companyId: input.companyId,
          roleId: input.roleId,
          emailVerifiedAt: input.emailVerified ? sql`now()` : null,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      return row?.id;
    },
  };
}

export type AccountsRepo = ReturnType<typeof accountsRepo>;
