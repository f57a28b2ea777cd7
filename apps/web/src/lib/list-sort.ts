/**
 * The sort of a server-side list, as the API spells it: `name` ascending, `-name`
 * descending. Lists keep it in the URL's `sort` and pass it on unchanged.
 */
export type SortDirection = "asc" | "desc";

export interface ListSort<K extends string> {
  key: K;
  direction: SortDirection;
}

/**
 * Reads the first key of an API sort string (`-created_at,name` → created_at, descending);
 * null when it is missing or names a column the list cannot sort by.
 */
export function parseSort<K extends string>(
  value: string | null,
  keys: readonly K[],
): ListSort<K> | null {
  if (!value) return null;
  const first = value.split(",")[0] ?? "";
  const desc = first.startsWith("-");
  const key = keys.find((k) => k === (desc ? first.slice(1) : first));
  return key === undefined ? null : { key, direction: desc ? "desc" : "asc" };
}

export function formatSort<K extends string>(sort: ListSort<K>): string {
  return sort.direction === "desc" ? `-${sort.key}` : sort.key;
}

/**
 * The sort a click on a column header picks: the column's own first direction when the
 * list is sorted by another column, else the other direction.
 */
export function nextSort<K extends string>(
  current: ListSort<K> | null,
  key: K,
  first: SortDirection,
): ListSort<K> {
  if (current?.key !== key) return { key, direction: first };
  return { key, direction: current.direction === "asc" ? "desc" : "asc" };
}
