import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  type MfaPending,
  companies,
  mailOutbox,
  mfaChallenges,
  mfaRecoveryCodes,
  sessions,
  users,
} from "../../db/schema";
import { type TenantScope, inTenant } from "../../db/tenancy";

/** The template of every e-mail that carries a second-factor code. */
export const MFA_CODE_TEMPLATE = "mfa_code";

/** Second factors, their challenges and password confirmation. Pass a transaction to run inside it. */
export function mfaRepo(db: Db) {
  return {
    /** What the second-factor checks need to know about a user. */
    async findUserMfa(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          passwordHash: users.passwordHash,
          mfaType: users.mfaType,
          totpSecret: users.totpSecret,
          totpLastStep: users.totpLastStep,
          mfaPending: users.mfaPending,
          mfaMandatory: companies.mfaMandatory,
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, userId));
      return row;
    },

    /** Codes e-mailed to an address within the last `windowSeconds`. */
    async countRecentCodeMails(email: string, windowSeconds: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, email),
            eq(mailOutbox.template, MFA_CODE_TEMPLATE),
            gt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
          ),
        );
      return row?.n ?? 0;
    },

    async createChallenge(input: {
      id: string;
      userId: number;
      method: "email" | "totp";
      purpose: string;
      codeHash: string | null;
      ttlSeconds: number;
    }) {
      await db.insert(mfaChallenges).values({
        id: input.id,
        userId: input.userId,
        method: input.method,
        purpose: input.purpose,
        codeHash: input.codeHash,
        expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
      });
    },

    /**
     * Counts one answer to a challenge of the user for the purpose that can still be
     * answered, and returns it; undefined when there is no such challenge or its attempts
     * are spent. One statement, so concurrent answers are counted one by one.
     */
    async takeChallengeAttempt(id: string, userId: number, purpose: string, maxAttempts: number) {
      const [row] = await db
        .update(mfaChallenges)
        .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
        .where(
          and(
            eq(mfaChallenges.id, id),
            eq(mfaChallenges.userId, userId),
            eq(mfaChallenges.purpose, purpose),
            isNull(mfaChallenges.consumedAt),
            gt(mfaChallenges.expiresAt, sql`now()`),
            lt(mfaChallenges.attempts, maxAttempts),
          ),
        )
        .returning({
          id: mfaChallenges.id,
          method: mfaChallenges.method,
          codeHash: mfaChallenges.codeHash,
        });
      return row;
    },

    /** Uses the challenge up; false when another request consumed it first. */
    async consumeChallenge(id: string): Promise<boolean> {
      const rows = await db
        .update(mfaChallenges)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.consumedAt)))
        .returning({ id: mfaChallenges.id });
      return rows.length === 1;
    },

    /** Records an accepted TOTP step; false when that step or a later one was used already. */
    async advanceTotpStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(
          and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
        )
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /** Uses up an unused recovery code; false when there is none with this hash. */
    async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
      const rows = await db
        .update(mfaRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(mfaRecoveryCodes.userId, userId),
            eq(mfaRecoveryCodes.codeHash, codeHash),
            isNull(mfaRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length === 1;
    },

    async countUnusedRecoveryCodes(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    async setPending(userId: number, pending: MfaPending | null) {
      await db.update(users).set({ mfaPending: pending }).where(eq(users.id, userId));
    },

    /**
     * Counts one code against the enrolment in progress and returns it; undefined when
     * there is none or its attempts are spent. One statement, so concurrent codes count.
     */
    async takeEnrolmentAttempt(userId: number, maxAttempts: number) {
      const attempts = sql`(${users.mfaPending}->>'attempts')::int`;
      const [row] = await db
        .update(users)
        .set({
          mfaPending: sql`jsonb_set(${users.mfaPending}, '{attempts}', to_jsonb(${attempts} + 1))`,
        })
        .where(and(eq(users.id, userId), isNotNull(users.mfaPending), lt(attempts, maxAttempts)))
        .returning({ pending: users.mfaPending });
      return row?.pending ?? undefined;
    },

    /** Turns the second factor on and replaces the recovery codes. */
    async enable(
      userId: number,
      type: "email" | "totp",
      totpSecret: string | null,
      recoveryHashes: string[],
    ) {
      await db
        .update(users)
        .set({ mfaType: type, totpSecret, totpLastStep: null, mfaPending: null })
        .where(eq(users.id, userId));
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      if (recoveryHashes.length > 0) {
        await db
          .insert(mfaRecoveryCodes)
          .values(recoveryHashes.map((codeHash) => ({ userId, codeHash })));
      }
    },

    /** Turns the second factor off: secret, recovery codes and open challenges go with it. */
    async disable(userId: number) {
      await db
        .update(users)
        .set({ mfaType: null, totpSecret: null, totpLastStep: null, mfaPending: null })
        .where(eq(users.id, userId));
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
    },

    /** A user of the caller's tree by e-mail. */
    async findUserInScope(scope: TenantScope, email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email.toLowerCase()), inTenant(scope, users.companyId)));
      return row;
    },

    async passwordConfirmedAt(sessionId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: sessions.passwordConfirmedAt })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row?.at ?? null;
    },

    async confirmPassword(sessionId: string) {
      await db
        .update(sessions)
        .set({ passwordConfirmedAt: sql`now()` })
        .where(eq(sessions.id, sessionId));
    },

    /** Sets a company's rule; false when the company is outside the caller's tree. */
    async setCompanyMandatory(
      scope: TenantScope,
      companyId: number,
      mandatory: boolean,
    ): Promise<boolean> {
      const rows = await db
        .update(companies)
        .set({ mfaMandatory: mandatory })
        .where(and(eq(companies.id, companyId), inTenant(scope, companies.id)))
        .returning({ id: companies.id });
      return rows.length === 1;
    },
  };
}

export type MfaRepo = ReturnType<typeof mfaRepo>;
