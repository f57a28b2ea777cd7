import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { userStorage } from "../../db/schema";

/** An arbitrary constant: with the user id it names the lock that serialises one user's writes. */
const STORAGE_LOCK_CLASS = 7_411_251;

/**
 * Read as text and parsed here: the drivers parse jsonb, and drizzle then parses a string
 * value once more, so a stored "123" would come back as the number 123.
 */
const valueText = sql<string>`${userStorage.value}::text`;

function jsonb(value: unknown) {
  return sql`${JSON.stringify(value)}::jsonb`;
}

export interface StorageRow {
  key: string;
  value: unknown;
}

const toRow = (row: { key: string; value: string }): StorageRow => ({
  key: row.key,
  value: JSON.parse(row.value) as unknown,
});

/** One user's remote preferences. Pass a transaction to run calls inside it. */
export function storageRepo(db: Db) {
  const own = (userId: number, key: string) =>
    and(eq(userStorage.userId, userId), eq(userStorage.key, key));

  return {
    async list(userId: number, page: { limit: number; offset: number }) {
      const where = eq(userStorage.userId, userId);
      const [rows, totals] = await Promise.all([
        db
          .select({ key: userStorage.key, value: valueText })
          .from(userStorage)
          .where(where)
          .orderBy(asc(userStorage.key))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(userStorage).where(where),
      ]);
      return { rows: rows.map(toRow), total: totals[0]?.total ?? 0 };
    },

    /**
     * Holds the user's storage lock until the transaction ends, so "count, then insert"
     * cannot let two concurrent requests pass the key limit together.
     */
    async lock(userId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(${STORAGE_LOCK_CLASS}, ${userId})`);
    },

    async exists(userId: number, key: string): Promise<boolean> {
      const [row] = await db
        .select({ key: userStorage.key })
        .from(userStorage)
        .where(own(userId, key));
      return row !== undefined;
    },

    async countKeys(userId: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(userStorage)
        .where(eq(userStorage.userId, userId));
      return row?.total ?? 0;
    },

    async insert(userId: number, key: string, value: unknown) {
      await db.insert(userStorage).values({ userId, key, value: jsonb(value) });
    },

    async update(userId: number, key: string, value: unknown) {
      await db
        .update(userStorage)
        .set({ value: jsonb(value), updatedAt: sql`now()` })
        .where(own(userId, key));
    },

    /** Whether an entry was deleted. */
    async delete(userId: number, key: string): Promise<boolean> {
      const rows = await db
        .delete(userStorage)
        .where(own(userId, key))
        .returning({ key: userStorage.key });
      return rows.length > 0;
    },
  };
}
