import type { DeviceSortKey } from "./api/list-devices";

export type SortDirection = "asc" | "desc";

export interface DeviceSort {
  key: DeviceSortKey;
  direction: SortDirection;
}

const SORT_KEYS: readonly string[] = [
  "name",
  "serial",
  "mac",
  "model",
  "firmware",
  "status",
  "company_name",
  "created_at",
] satisfies DeviceSortKey[];

function isSortKey(value: string): value is DeviceSortKey {
  return SORT_KEYS.includes(value);
}

/** Reads the first key of an API sort string (`-created_at` → created_at, descending). */
export function parseSort(value: string | null): DeviceSort | null {
  if (!value) return null;
  const first = value.split(",")[0] ?? "";
  const desc = first.startsWith("-");
  const key = desc ? first.slice(1) : first;
  return isSortKey(key) ? { key, direction: desc ? "desc" : "asc" } : null;
}

export function formatSort(sort: DeviceSort): string {
  return sort.direction === "desc" ? `-${sort.key}` : sort.key;
}
