import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { SearchCategory } from "@netfleet/contracts/schemas/search";
import { remoteStorageQuery, setRemoteValue } from "../../lib/remote-storage";
import {
  SEARCH_CATEGORIES_KEY,
  parseCategories,
  readLocalCategories,
  writeLocalCategories,
} from "./search-categories";

/**
 * The chosen categories (SH-SEARCH-007): kept in local storage under `searchCategories` and
 * in the remote preferences, so they follow the user to another browser. A stored remote
 * choice wins over this browser's until the user changes it here; a change writes both.
 * Nothing stored: every allowed category. The remote preferences are read only once search
 * is first opened (`active`), not on every page.
 */
export function useSearchCategories(allowed: readonly SearchCategory[], active: boolean) {
  const queryClient = useQueryClient();
  const remote = useQuery({ ...remoteStorageQuery(), enabled: active });
  const remoteValue = remote.data?.find((e) => e.key === SEARCH_CATEGORIES_KEY)?.value;
  const [local, setLocal] = useState(readLocalCategories);
  const [changedHere, setChangedHere] = useState(false);
  const writing = useRef(Promise.resolve());

  const remoteChoice = changedHere ? undefined : parseCategories(remoteValue, allowed);
  const chosen = remoteChoice ?? parseCategories(local, allowed) ?? [...allowed];

  // The remote choice that won is this browser's choice from now on.
  const remoteKey = remoteChoice?.join(",");
  useEffect(() => {
    if (remoteKey !== undefined) writeLocalCategories(remoteKey ? remoteKey.split(",") : []);
  }, [remoteKey]);

  const change = (next: readonly SearchCategory[]) => {
    const ordered = allowed.filter((c) => next.includes(c));
    setChangedHere(true);
    setLocal(ordered);
    writeLocalCategories(ordered);
    // One write at a time, so quick clicks reach the server in order and the first one's
    // POST is known before the next decides between POST and PUT. A write that fails
    // still leaves the choice in this browser.
    writing.current = writing.current
      .then(() => setRemoteValue(queryClient, SEARCH_CATEGORIES_KEY, ordered))
      .catch(() => undefined);
  };

  return { chosen, change, loaded: !remote.isPending };
}

export type SearchCategories = ReturnType<typeof useSearchCategories>;
