import type { DeviceStatistics } from "@netfleet/contracts/schemas/devices";

/**
 * Recent statistics answers, by who asked for what. Counting a million devices by status,
 * model and firmware reads every one of them (about 0.3 s on PostgreSQL); the charts are
 * an overview, so an answer may be this many seconds old, and a console full of users
 * opening the list costs one count per tenant and filter, not one each.
 */
export const STATISTICS_TTL_MS = 15_000;
const MAX_ENTRIES = 200;

export function statisticsCache(ttlMs = STATISTICS_TTL_MS) {
  const entries = new Map<string, { at: number; answer: Promise<DeviceStatistics> }>();
  return {
    /** The answer for `key`, computed by `compute` unless a recent one is kept. */
    get(key: string, compute: () => Promise<DeviceStatistics>): Promise<DeviceStatistics> {
      const now = Date.now();
      const kept = entries.get(key);
      if (kept && now - kept.at < ttlMs) return kept.answer;
      // Callers asking at once share one count; a failed count is not kept.
      const answer = compute();
      answer.catch(() => entries.delete(key));
      entries.delete(key);
      entries.set(key, { at: now, answer });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return answer;
    },
  };
}
