import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyCredits, creditTypes } from "../../db/schema";

/**
 * Balances per credit type. Only what the resource summary reads: history, movements,
 * purchases and transfer codes come with the credits capability.
 */
export function creditsRepo(db: Db) {
  return {
    /** Every credit type the company holds a balance of, in the types' order. */
    balances(companyId: number) {
      return db
        .select({
          creditTypeId: creditTypes.id,
          code: creditTypes.code,
          name: creditTypes.name,
          paymentType: creditTypes.paymentType,
          creditsCount: companyCredits.creditsCount,
          creditsLeft: companyCredits.creditsLeft,
        })
        .from(companyCredits)
        .innerJoin(creditTypes, eq(creditTypes.id, companyCredits.creditTypeId))
        .where(eq(companyCredits.companyId, companyId))
        .orderBy(asc(creditTypes.id));
    },

    /** Adds credit types to the catalogue; returns their ids by code. */
    insertTypes(types: (typeof creditTypes.$inferInsert)[]) {
      return db
        .insert(creditTypes)
        .values(types)
        .returning({ id: creditTypes.id, code: creditTypes.code });
    },

    async insertBalances(balances: (typeof companyCredits.$inferInsert)[]) {
      if (balances.length > 0) await db.insert(companyCredits).values(balances);
    },
  };
}

export type CreditBalanceRow = Awaited<
  ReturnType<ReturnType<typeof creditsRepo>["balances"]>
>[number];
