import { and, asc, desc, ilike, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { listEnvelope } from "@netfleet/contracts/envelope";
import { ID_MAX } from "@netfleet/contracts/schemas/common";
import { AppError } from "../plugins/errors";

/** A column, or an expression such as a count subquery, a list can sort or search by. */
export type ListExpression = AnyPgColumn | SQL;

/** `sort` split into field names and directions; unknown names are refused. */
export function sortKeys(
  sort: string | undefined,
  allowed: readonly string[],
): { name: string; descending: boolean }[] {
  if (!sort) return [];
  const keys: { name: string; descending: boolean }[] = [];
  for (const raw of sort.split(",")) {
    const part = raw.trim();
    if (!part) continue;
    const descending = part.startsWith("-");
    const name = descending ? part.slice(1) : part;
    if (!allowed.includes(name)) {
      throw new AppError(
        "VALIDATION_FAILED",
        `Cannot sort by "${name}". Sort by one of: ${allowed.join(", ")}.`,
        { source: "sort" },
      );
    }
    keys.push({ name, descending });
  }
  return keys;
}

/**
 * Parses RMS-style `sort`: comma-separated field names, `-` in front for descending.
 * Unknown fields are refused so a typo does not silently sort by something else.
 */
export function parseSort(
  sort: string | undefined,
  columns: Record<string, ListExpression>,
  fallback: SQL[],
): SQL[] {
  const order = sortKeys(sort, Object.keys(columns)).map(({ name, descending }) =>
    descending ? desc(columns[name]!) : asc(columns[name]!),
  );
  return [...order, ...fallback];
}

/**
 * Up to this many matching rows, a page is taken by fetching the matches and sorting them;
 * beyond it, by walking an index in the wanted order until the page is full.
 */
export const FEW_MATCHES = 1000;

/**
 * The ORDER BY of a list page, given how many rows match (lists count first). Ordered by a
 * bare indexed column (the id, say), the planner walks that index and filters each row,
 * betting that a page of matches comes early: right when many rows match, but a rare match
 * (a search, a small company) then reads the whole table, 0.2–1 s at 100 000 devices
 * (bench/search.ts). For few matches the order goes through `coalesce(x, x)`, which sorts
 * the same but matches no index, so the rows come from the trigram or company indexes.
 */
export function listOrder(
  sort: string | undefined,
  columns: Record<string, ListExpression>,
  fallback: { column: ListExpression; descending?: boolean }[],
  total: number,
): SQL[] {
  const keys = [
    ...sortKeys(sort, Object.keys(columns)).map(({ name, descending }) => ({
      column: columns[name]!,
      descending,
    })),
    ...fallback,
  ];
  return keys.map(({ column, descending }) => {
    const expression = total <= FEW_MATCHES ? sql`coalesce(${column}, ${column})` : column;
    return descending ? desc(expression) : asc(expression);
  });
}

/** No page to read: nothing matches, the caller asked for none, or it is past the end. */
export function pageIsEmpty(query: { limit: number; offset: number }, total: number): boolean {
  return query.limit === 0 || query.offset >= total;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * The ILIKE pattern for a search text. pg_trgm finds no trigram in a one- or two-character
 * substring pattern (`%ab%`), so such a search reads every row: at 100 000 devices each
 * keystroke cost a full scan, 70–240 ms on PostgreSQL for the count alone (bench/search.ts).
 * A short text is therefore matched as a prefix of the field (`ab%`), whose leading trigrams
 * the index holds (4–40 ms); three characters and more match anywhere.
 */
export const SHORT_QUERY_LENGTH = 3;
export function searchPattern(text: string): string {
  return text.length < SHORT_QUERY_LENGTH ? `${escapeLike(text)}%` : likeContains(text);
}

/** Names split from a comma list, trimmed, empties dropped. */
function names(list: string): string[] {
  return list
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
}

/**
 * Which of a list's searchable fields `q` matches: all of them, or those `search-fields`
 * names. Names the list lacks are ignored, since the console sends one set (`name,email`) to
 * every list; naming none the list has is an error.
 */
export function pickSearchFields(
  searchFields: string | undefined,
  available: readonly string[],
): string[] {
  if (searchFields === undefined) return [...available];
  const picked = available.filter((name) => names(searchFields).includes(name));
  if (!picked.length) {
    throw new AppError(
      "VALIDATION_FAILED",
      `This list searches only these fields: ${available.join(", ")}.`,
      { source: "search-fields" },
    );
  }
  return picked;
}

/**
 * A column a search matches. `wordStarts`: the column also has a GIN index of
 * `word_prefixes(column)` (migration 0019), the first 3 to 16 characters of each of its words,
 * lower-cased, and a word of the text that follows a separator is looked up there.
 */
export type SearchColumn = ListExpression | { column: ListExpression; wordStarts: true };

/**
 * The WHERE condition of a search: `q` as a case-insensitive match on any of the picked
 * fields. Each field maps to its columns; matching the bare column keeps the pg_trgm GIN
 * index usable.
 */
export function searchCondition(
  query: { q?: string | undefined; "search-fields"?: string | undefined },
  searchable: Record<string, readonly SearchColumn[]>,
): SQL | undefined {
  const fields = pickSearchFields(query["search-fields"], Object.keys(searchable));
  if (!query.q) return undefined;
  const pattern = searchPattern(query.q);
  const part = indexedPart(query.q);
  const start = wordStart(query.q);
  const columns = fields.flatMap((name) => searchable[name]!);
  // A field may offer no column for this text (none could hold it): then nothing matches.
  const anyOf = (conditions: SQL[]) => or(sql`false`, ...conditions);
  if (part === undefined && start === undefined) {
    return anyOf(
      columns.map((entry) => ilike("wordStarts" in entry ? entry.column : entry, pattern)),
    );
  }
  // Indexes find candidates by a part of the text; the whole text is then checked on them,
  // through an expression the planner cannot take to an index. A value holding the text
  // holds its part, so the rows are those the whole text matches. Kept apart from the
  // candidates, the check never computes a row's word starts again.
  const candidates = columns.map((entry) => {
    if ("wordStarts" in entry && start !== undefined) {
      return sql`word_prefixes(${entry.column}) @@ quote_literal(left(lower(${start}), ${sql.raw(String(WORD_PREFIX_MAX))}))::tsquery`;
    }
    const column = "wordStarts" in entry ? entry.column : entry;
    return ilike(column, part === undefined ? pattern : likeContains(part));
  });
  const wholes = columns.map((entry) =>
    ilike(sql`(${"wordStarts" in entry ? entry.column : entry} || '')`, pattern),
  );
  return and(anyOf(candidates), anyOf(wholes));
}

/** The longest word start `word_prefixes` keeps. */
const WORD_PREFIX_MAX = 16;

/** The word of `text` the indexes look up: the one with the most digits, the later on a tie. */
function distinctiveWord(text: string): RegExpExecArray | undefined {
  const digits = (word: string) => word.replace(/\D/g, "").length;
  let best: RegExpExecArray | undefined;
  for (const word of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (word[0].length < SHORT_QUERY_LENGTH || digits(word[0]) === 0) continue;
    if (!best || digits(word[0]) >= digits(best[0])) best = word;
  }
  return best;
}

/**
 * The distinctive word of `text` when a separator comes before it: a value holding the text
 * has a word that starts with it, which `word_prefixes` finds in one posting list. At a
 * million devices, the hundred names holding "device-4999" take 0.02 ms there, and 0.6 ms
 * through the trigrams of "-4999", which every name starting a word with 4 or 49 holds.
 * Only ASCII letters and digits after another ASCII character: those split words alike in
 * every database locale.
 */
export function wordStart(text: string): string | undefined {
  const best = distinctiveWord(text);
  if (!best || best.index === 0 || !/^[A-Za-z0-9]+$/.test(best[0])) return undefined;
  const before = text.charCodeAt(best.index - 1);
  return before < 128 && !/[A-Za-z0-9]/.test(text[best.index - 1]!) ? best[0] : undefined;
}

/**
 * The part of a search text the trigram index looks up instead of the whole text, if any.
 * Names and serials in a fleet follow patterns ("device-4999", "RUTX11_Site_0042",
 * "1100004999"): the trigrams they share are in every row, and a scan for the whole text
 * reads their entire posting lists (11–17 ms at a million devices, bench/devices-list.ts)
 * although the distinctive digits alone narrow the rows to a few hundred (under 1 ms). So
 * the index looks up the word with the most digits (the later one on a tie) with the
 * separators around it, which tell where a word starts or ends; of a long word, only five
 * characters near its end, where a sequence number changes. A part of few distinct
 * trigrams ("0000", "00000") would find nearly every row: then the whole text is looked
 * up. The whole text is always checked on the rows found.
 */
export function indexedPart(text: string): string | undefined {
  const best = distinctiveWord(text);
  if (!best) return undefined;
  const word = best[0];
  const start = best.index;
  const end = start + word.length;
  let part: string | undefined;
  if (word.length < LONG_WORD) {
    if (!/^(.)\1*$/u.test(word)) part = text.slice(Math.max(0, start - 1), end + 1);
  } else {
    // The window nearest the end that still has three distinct trigrams.
    for (let at = word.length - DISTINCT_END; at >= 0 && part === undefined; at--) {
      const window = word.slice(at, at + DISTINCT_END);
      // Ending where the word ends, the separator after it comes along.
      const stop = at + DISTINCT_END === word.length ? end + 1 : start + at + DISTINCT_END;
      if (trigramsOf(window) >= 3) part = text.slice(start + at, stop);
    }
  }
  return part === text ? undefined : part;
}
const LONG_WORD = 8;
const DISTINCT_END = 5;

/** How many distinct three-character runs `word` holds. */
function trigramsOf(word: string): number {
  const runs = new Set<string>();
  for (let i = 0; i + 3 <= word.length; i++) runs.add(word.slice(i, i + 3).toLowerCase());
  return runs.size;
}

/** `fields` as a set of key names; null when every field is wanted. */
export function parseFields(fields: string | undefined): ReadonlySet<string> | null {
  if (fields === undefined) return null;
  return new Set(names(fields));
}

/** Keeps the keys `fields` names and those in `always` (`id`); unknown names are ignored. */
export function project<T extends { id: number }>(
  item: T,
  fields: ReadonlySet<string> | null,
  always: readonly string[] = ["id"],
): Partial<T> & { id: number } {
  if (!fields) return item;
  return Object.fromEntries(
    Object.entries(item).filter(([key]) => always.includes(key) || fields.has(key)),
  ) as Partial<T> & { id: number };
}

/**
 * Ids from a comma list such as `7441,5558`, each up to `ID_MAX` (0 too: `parent_id=0` means
 * top-level); anything else is refused, naming `source`.
 */
export function parseIdList(list: string | undefined, source: string): number[] | undefined {
  if (list === undefined) return undefined;
  const parts = names(list);
  if (!parts.length || !parts.every((p) => /^\d{1,10}$/.test(p) && Number(p) <= ID_MAX)) {
    throw new AppError("VALIDATION_FAILED", "Give ids as numbers separated by commas.", {
      source,
    });
  }
  return parts.map(Number);
}

/**
 * The 200 response of a list that accepts `fields`: every row is either the whole item or,
 * when `fields` is given, the item narrowed to those keys (with `id`).
 */
export function projectableListEnvelope<S extends z.ZodRawShape & { id: z.ZodNumber }>(
  item: z.ZodObject<S>,
) {
  const narrowed = item
    .partial()
    .extend({ id: item.shape.id })
    .describe("The item narrowed to the keys `fields` names; `id` is always present.");
  return listEnvelope(z.union([item, narrowed]));
}

/** The OpenAPI description shared by every list that takes `q`, `search-fields` and `fields`. */
export function searchableListDescription(searchable: readonly string[], extra = ""): string {
  return [
    `\`q\` matches, case-insensitively, any of these fields: ${searchable.join(", ")}.`,
    "A one- or two-character `q` matches only the start of a field, so that an index can answer it; a longer one matches anywhere in it.",
    "`search-fields` (comma-separated) narrows the search to the named fields; names this list lacks are ignored, but naming none of its fields is refused with 422.",
    "`fields` (comma-separated) returns only the named keys of each item, plus `id`; unknown names are ignored.",
    "`meta.total` counts every match, not only this page.",
    extra,
  ]
    .filter(Boolean)
    .join("\n\n");
}

/**
 * Checks `search-fields` and `sort` of a list whose entity has no rows to read yet, so its
 * answers and errors are already those of the finished list.
 */
export function checkListQuery(
  query: { sort?: string | undefined; "search-fields"?: string | undefined },
  allowed: { searchable: readonly string[]; sortable: readonly string[] },
): void {
  pickSearchFields(query["search-fields"], allowed.searchable);
  sortKeys(query.sort, allowed.sortable);
}
