import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authAttempts } from "../../db/schema";

/** How many attempts a key gets before it waits, and how the wait grows. */
export interface AttemptPolicy {
  /** Attempts allowed before any wait. */
  free: number;
  /** The wait after the first attempt past `free`; it doubles with each further one. */
  firstWaitSeconds: number;
  /** The longest wait. */
  maxWaitSeconds: number;
}

/** A counter is forgotten this long after its last attempt. */
const FORGET_AFTER_SECONDS = 86_400;

/** Seconds to wait after the last of `count` attempts, as SQL over the row's columns. */
function waitSql(policy: AttemptPolicy, count: unknown) {
  return sql`case when ${count} < ${policy.free} then 0 else least(${policy.maxWaitSeconds}::float8, ${policy.firstWaitSeconds}::float8 * power(2::float8, least(${count} - ${policy.free}, 30))) end`;
}

/** Counters of attempts at guessing secrets. Pass a transaction to run calls inside it. */
export function attemptsRepo(db: Db) {
  return {
    /**
     * Counts one attempt under `key` when the key is not waiting, in one statement, so
     * concurrent attempts cannot all pass a check read before any of them was counted.
     * Returns 0 when counted, or the seconds left to wait when refused (nothing counted).
     */
    async take(key: string, policy: AttemptPolicy): Promise<number> {
      const stale = sql`${authAttempts.lastAt} < now() - make_interval(secs => ${FORGET_AFTER_SECONDS})`;
      const counted = await db
        .insert(authAttempts)
        .values({ key, count: 1, lastAt: sql`now()` })
        .onConflictDoUpdate({
          target: authAttempts.key,
          set: {
            count: sql`case when ${stale} then 1 else ${authAttempts.count} + 1 end`,
            lastAt: sql`now()`,
          },
          // The free attempts compare no times: a concurrent attempt's `now()` (its
          // transaction's start) may be later than this one's.
          setWhere: sql`${stale} or ${authAttempts.count} < ${policy.free} or ${authAttempts.lastAt} + make_interval(secs => ${waitSql(policy, authAttempts.count)}) <= now()`,
        })
        .returning({ count: authAttempts.count });
      if (counted.length > 0) return 0;
      const [row] = await db
        .select({
          wait: sql<number>`extract(epoch from ${authAttempts.lastAt} + make_interval(secs => ${waitSql(policy, authAttempts.count)}) - now())::float8`,
        })
        .from(authAttempts)
        .where(eq(authAttempts.key, key));
      return Math.max(1, Math.ceil(row?.wait ?? 1));
    },

    /** Takes back one attempt counted by `take` that turned out to be right. */
    async giveBack(key: string) {
      await db
        .update(authAttempts)
        .set({ count: sql`greatest(${authAttempts.count} - 1, 0)` })
        .where(eq(authAttempts.key, key));
    },

    async clear(key: string) {
      await db.delete(authAttempts).where(eq(authAttempts.key, key));
    },
  };
}
