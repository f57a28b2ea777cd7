import { STORAGE_KEYS } from "@netfleet/contracts/constants";
import type { Notice } from "@netfleet/contracts/schemas/notices";

/** When the user last opened or closed the notices list (D24 names the key). */
export const NOTICES_DISMISSED_KEY = STORAGE_KEYS.noticesDismissedAt;

function time(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Whether the widget shows "Important" (shell §2): never without notices; otherwise when
 * nothing was dismissed yet, or the newest notice came into force after the dismissal.
 * An unreadable stored time counts as none.
 */
export function hasUnseenNotices(notices: readonly Notice[], dismissedAt: string | null): boolean {
  const newest = Math.max(...notices.map((n) => time(n.enabled_at) ?? -Infinity));
  if (newest === -Infinity) return false;
  const dismissed = time(dismissedAt);
  return dismissed === null || newest > dismissed;
}

export function readNoticesDismissedAt(): string | null {
  try {
    return window.localStorage.getItem(NOTICES_DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** Records the dismissal now and returns the time stored (ISO). */
export function storeNoticesDismissedAt(now: Date = new Date()): string {
  const value = now.toISOString();
  try {
    window.localStorage.setItem(NOTICES_DISMISSED_KEY, value);
  } catch {
    // Without storage the alert stays hidden for this page only.
  }
  return value;
}
