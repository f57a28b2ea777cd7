import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, deviceConnectionAttempts, enrolmentTokens } from "../../db/schema";

/** Companies' enrolment tokens and the record of refused enrolments and connections. */
export function enrolmentRepo(db: Db) {
  return {
    async sealedToken(companyId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ sealed: enrolmentTokens.tokenSealed })
        .from(enrolmentTokens)
        .where(eq(enrolmentTokens.companyId, companyId));
      return row?.sealed;
    },

    /** Sets the company's token, replacing the one it had: the old one stops working. */
    async setToken(companyId: number, tokenHash: string, tokenSealed: string) {
      await db
        .insert(enrolmentTokens)
        .values({ companyId, tokenHash, tokenSealed })
        .onConflictDoUpdate({
          target: enrolmentTokens.companyId,
          set: { tokenHash, tokenSealed, createdAt: new Date() },
        });
    },

    /** The company a token enrols into, with its path (the scope of devices it may take). */
    async companyOfToken(tokenHash: string) {
      const [row] = await db
        .select({ id: companies.id, path: companies.path })
        .from(enrolmentTokens)
        .innerJoin(companies, eq(companies.id, enrolmentTokens.companyId))
        .where(eq(enrolmentTokens.tokenHash, tokenHash));
      return row;
    },

    async recordAttempt(attempt: {
      deviceId: number | null;
      serial: string;
      mac: string;
      code: number;
      reason: string | null;
      address: string | null;
    }) {
      await db.insert(deviceConnectionAttempts).values(attempt);
    },
  };
}
