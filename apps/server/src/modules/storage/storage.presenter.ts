import type { StorageEntry } from "@netfleet/contracts/schemas/storage";

export function presentStorageEntry(entry: { key: string; value: unknown }): StorageEntry {
  return { key: entry.key, value: entry.value };
}
