import { useState } from "react";
import { useDebouncedCallback } from "@mantine/hooks";
import { useSearchParams } from "./router";
import { SEARCH } from "@netfleet/contracts/constants";

/**
 * The URL's query and a setter that changes some of its keys (null or "" removes one). The
 * entry is replaced, not pushed: Back leaves the page rather than undoing each change.
 */
export function useUrlParams(): [
  URLSearchParams,
  (changes: Readonly<Record<string, string | null>>) => void,
] {
  const [params, setParams] = useSearchParams();
  const update = (changes: Readonly<Record<string, string | null>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return [params, update];
}

/**
 * A list's search box kept in the URL as `?q=`: what the box holds, which reaches the URL once
 * the user stops typing (or at once with `flush`), together with `restart` (the keys a new
 * search clears, such as the page).
 */
export function useUrlSearch(
  q: string,
  update: (changes: Readonly<Record<string, string | null>>) => void,
  restart: Readonly<Record<string, null>>,
) {
  const [search, setSearch] = useState(q);
  const apply = useDebouncedCallback((value: string) => {
    update({ q: value.trim() || null, ...restart });
  }, SEARCH.debounceMs);
  return {
    search,
    changeSearch: (value: string) => {
      setSearch(value);
      apply(value);
    },
    flushSearch: () => apply.flush(),
    clearSearch: () => {
      apply.cancel();
      setSearch("");
      update({ q: null, ...restart });
    },
  };
}
