import {
  IMPERSONATION_LOG_SORT_KEYS,
  type ImpersonationLogSortKey,
} from "@netfleet/contracts/schemas/impersonation";

export type SortDirection = "asc" | "desc";

export interface LogSort {
  key: ImpersonationLogSortKey;
  direction: SortDirection;
}

function isSortKey(value: string): value is ImpersonationLogSortKey {
  return (IMPERSONATION_LOG_SORT_KEYS as readonly string[]).includes(value);
}

/** Reads the first key of an API sort string (`-started_at` → started_at, descending). */
export function parseSort(value: string | null): LogSort | null {
  if (!value) return null;
  const first = value.split(",")[0] ?? "";
  const desc = first.startsWith("-");
  const key = desc ? first.slice(1) : first;
  return isSortKey(key) ? { key, direction: desc ? "desc" : "asc" } : null;
}

export function formatSort(sort: LogSort): string {
  return sort.direction === "desc" ? `-${sort.key}` : sort.key;
}
