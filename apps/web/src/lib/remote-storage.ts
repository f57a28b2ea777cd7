import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import { FORMS } from "@netfleet/contracts/constants";
import type { StorageEntry } from "@netfleet/contracts/schemas/storage";
import { http } from "./http";

/**
 * Remote preferences (forms §7 Storage): the signed-in user's key/value entries kept on the
 * server, so they follow the user from browser to browser. One cached list holds them all;
 * writes pick PUT for a key the cache knows and POST for a new one, and update the cache.
 */
export const REMOTE_STORAGE_KEY = ["storage"] as const;

/** Reads every entry, 100 at a time. A failure reads as "nothing stored" (FM-CALL-007). */
export async function loadRemoteStorage(signal?: AbortSignal): Promise<StorageEntry[]> {
  const entries: StorageEntry[] = [];
  // The calls of the page that asked go out first: a preference never holds up the rows it
  // applies to, and a list simply switches to a stored page size once it is known.
  await Promise.resolve();
  try {
    for (let offset = 0; ; offset += FORMS.selectorPageSize) {
      const { data } = await http.get<ListEnvelope<StorageEntry>>("/api/storage", {
        params: { limit: FORMS.selectorPageSize, offset },
        signal,
        // Read once for the whole visit: leaving the page that asked must not cut it short.
        keepOnRouteChange: true,
      });
      entries.push(...data.data);
      if (data.data.length < FORMS.selectorPageSize || entries.length >= data.meta.total) break;
    }
  } catch (error) {
    // A read given up on is no answer: caching it as "nothing stored" would stick.
    if (signal?.aborted) throw error;
    // Preferences are a convenience: the console works with its defaults.
  }
  return entries;
}

export function remoteStorageQuery() {
  return queryOptions({
    queryKey: REMOTE_STORAGE_KEY,
    queryFn: ({ signal }) => loadRemoteStorage(signal),
    // Only this browser writes through the cache; another browser's change shows on reload.
    staleTime: Infinity,
  });
}

function replaceEntry(entries: StorageEntry[] | undefined, key: string, value: unknown) {
  const rest = (entries ?? []).filter((e) => e.key !== key);
  return [...rest, { key, value }];
}

// Writes run one after another: two quick changes of a new key would otherwise both POST,
// and a delete could overtake the write it should undo.
let writes: Promise<unknown> = Promise.resolve();

function queueWrite(write: () => Promise<void>): Promise<void> {
  const result = writes.then(write);
  writes = result.catch(() => undefined);
  return result;
}

export function setRemoteValue(queryClient: QueryClient, key: string, value: unknown) {
  return queueWrite(async () => {
    const entries = await queryClient.ensureQueryData(remoteStorageQuery());
    const path = `/api/storage/${encodeURIComponent(key)}`;
    if (entries.some((e) => e.key === key)) await http.put(path, { value });
    else await http.post("/api/storage", { key, value });
    queryClient.setQueryData(REMOTE_STORAGE_KEY, (old: StorageEntry[] | undefined) =>
      replaceEntry(old, key, value),
    );
  });
}

export function deleteRemoteValue(queryClient: QueryClient, key: string) {
  return queueWrite(async () => {
    // Removed from the cache first (FM-CALL-011): the console stops using it at once.
    queryClient.setQueryData(REMOTE_STORAGE_KEY, (old: StorageEntry[] | undefined) =>
      (old ?? []).filter((e) => e.key !== key),
    );
    await http.delete(`/api/storage/${encodeURIComponent(key)}`);
  });
}

export interface RemoteValue<T> {
  /** The stored value; undefined while loading or when nothing is stored. */
  value: T | undefined;
  /** True once the stored entries have been read (or failed to be). */
  loaded: boolean;
  set: (value: T) => Promise<void>;
  remove: () => Promise<void>;
}

/**
 * One remote preference. `parse` checks the stored value's shape; a bad one reads as unset.
 * While `enabled` is false nothing is read from the server (a cached value still shows).
 */
export function useRemoteValue<T>(
  key: string,
  parse: (raw: unknown) => T | undefined,
  enabled = true,
) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...remoteStorageQuery(), enabled });
  const raw = query.data?.find((e) => e.key === key)?.value;
  return {
    value: raw === undefined ? undefined : parse(raw),
    loaded: !query.isPending,
    set: (value: T) => setRemoteValue(queryClient, key, value),
    remove: () => deleteRemoteValue(queryClient, key),
  } satisfies RemoteValue<T>;
}
