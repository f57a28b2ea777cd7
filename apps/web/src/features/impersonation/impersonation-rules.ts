import type { IMPERSONATION_GRANT_DAY_CHOICES } from "@netfleet/contracts/schemas/impersonation";

/** SH-SESSION-013: a grant counts only while its date lies ahead. */
export function grantActive(limit: string | null | undefined, now: number = Date.now()): boolean {
  if (!limit) return false;
  const until = Date.parse(limit);
  return !Number.isNaN(until) && until > now;
}

export type GrantDays = (typeof IMPERSONATION_GRANT_DAY_CHOICES)[number];

/** The grant's end, `days` from now, as the API reads it. */
export function grantUntil(days: GrantDays, now: number = Date.now()): string {
  return new Date(now + days * 86_400_000).toISOString();
}
