import { useSearchParams } from "react-router";

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
