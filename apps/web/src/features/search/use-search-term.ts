import { useEffect, useState } from "react";
import { SEARCH } from "@netfleet/contracts/constants";
import { searchTerm } from "./search-text";

/**
 * The term to search for: the box's trimmed text once it has been still for `delayMs`
 * (SH-SEARCH-009). Emptying the box takes effect at once, so old results do not linger.
 */
export function useSearchTerm(text: string, delayMs: number = SEARCH.debounceMs): string {
  const next = searchTerm(text);
  const [term, setTerm] = useState(next);
  // Forgotten as soon as the box is empty, so the next word starts from nothing.
  if (next === "" && term !== "") setTerm("");
  useEffect(() => {
    if (next === "") return;
    const timer = window.setTimeout(() => setTerm(next), delayMs);
    return () => window.clearTimeout(timer);
  }, [next, delayMs]);
  return next === "" ? "" : term;
}
