import { SEARCH } from "@netfleet/contracts/constants";
import type { SearchCategory } from "@netfleet/contracts/schemas/search";

/** What is searched for: the box's text without surrounding blanks (SH-SEARCH-008). */
export function searchTerm(text: string): string {
  return text.trim();
}

/**
 * Whether a search runs: only while the panel is open, with a non-empty text and at least
 * one category (SH-SEARCH-010, 011, 012).
 */
export function shouldSearch(state: {
  open: boolean;
  term: string;
  categories: readonly SearchCategory[];
}): boolean {
  return state.open && state.term.length > 0 && state.categories.length > 0;
}

/** A category's count: the number up to the cap, then "10+" (SH-SEARCH-016). */
export function formatCount(total: number): string {
  return total > SEARCH.countCap ? `${SEARCH.countCap}+` : String(total);
}

/** A name as a row shows it: a dash when there is none (SH-SEARCH-026). */
export function displayName(name: string | null | undefined): string {
  return name && name.trim() ? name : "-";
}

export interface TextPart {
  text: string;
  match: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Splits `text` around every case-insensitive occurrence of `term`, which is taken
 * literally: "a.b" or "(x" match themselves, not a pattern (SH-SEARCH-018).
 */
export function highlightParts(text: string, term: string): TextPart[] {
  if (!term) return [{ text, match: false }];
  const parts: TextPart[] = [];
  const pattern = new RegExp(escapeRegExp(term), "gi");
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false });
    parts.push({ text: found[0], match: true });
    last = found.index + found[0].length;
  }
  if (last < text.length || parts.length === 0)
    parts.push({ text: text.slice(last), match: false });
  return parts;
}
