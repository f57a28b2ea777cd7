import { count, desc, eq, ilike } from "drizzle-orm";
import type { SuppressedEmailQuery } from "@netfleet/contracts/schemas/users";
import type { Db } from "../../db/client";
import { suppressedEmails } from "../../db/schema";
import { likeContains } from "../../lib/list-query";

/**
 * The addresses mail is no longer sent to. The mailer adds one when a receiving server
 * refuses a message for good and skips it afterwards; a super administrator removes it.
 */
export function suppressedEmailsRepo(db: Db) {
  return {
    /** Why mail to the address is not sent, or null when it is. */
    async reasonFor(email: string): Promise<string | null> {
      const [row] = await db
        .select({ reason: suppressedEmails.reason })
        .from(suppressedEmails)
        .where(eq(suppressedEmails.email, email.toLowerCase()));
      return row?.reason ?? null;
    },

    /** Suppresses an address; the first reason stays. */
    async add(email: string, reason: string) {
      await db
        .insert(suppressedEmails)
        .values({ email: email.toLowerCase(), reason })
        .onConflictDoNothing();
    },

    /** Whether the address was on the list. */
    async remove(email: string): Promise<boolean> {
      const rows = await db
        .delete(suppressedEmails)
        .where(eq(suppressedEmails.email, email.toLowerCase()))
        .returning({ email: suppressedEmails.email });
      return rows.length === 1;
    },

    async list(query: SuppressedEmailQuery) {
      const where = query.q ? ilike(suppressedEmails.email, likeContains(query.q)) : undefined;
      const [counted] = await db.select({ total: count() }).from(suppressedEmails).where(where);
      const rows = await db
        .select()
        .from(suppressedEmails)
        .where(where)
        .orderBy(desc(suppressedEmails.createdAt), suppressedEmails.email)
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total: counted?.total ?? 0 };
    },
  };
}
