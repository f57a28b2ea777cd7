import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mfaChallenges, mfaRecoveryCodes } from "../../db/schema";
import { usersRepo } from "../users/users.repo";

/** The template of every e-mail that carries a second-factor code. */
export const MFA_CODE_TEMPLATE = "mfa_code";

/**
 * Challenges and recovery codes. A user's factor itself lives on the users row and the
 * company's rule on the companies row: those go through their owners' repositories.
 * Pass a transaction to run calls inside it.
 */
export function mfaRepo(db: Db) {
  return {
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

    /** Turns the second factor on and replaces the recovery codes. */
    async enable(
      userId: number,
      type: "email" | "totp",
      totpSecret: string | null,
      recoveryHashes: string[],
    ) {
      await usersRepo(db).setSecondFactor(userId, type, totpSecret);
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      if (recoveryHashes.length > 0) {
        await db
          .insert(mfaRecoveryCodes)
          .values(recoveryHashes.map((codeHash) => ({ userId, codeHash })));
      }
    },

    /** Turns the second factor off: secret, recovery codes and open challenges go with it. */
    async disable(userId: number) {
      await usersRepo(db).setSecondFactor(userId, null, null);
      await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
    },
  };
}

export type MfaRepo = ReturnType<typeof mfaRepo>;
