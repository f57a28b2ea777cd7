import { asc, desc, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { AppError } from "../plugins/errors";

/**
 * Parses RMS-style `sort`: comma-separated field names, `-` in front for descending.
 * Unknown fields are refused so a typo does not silently sort by something else.
 */
export function parseSort(
  sort: string | undefined,
  columns: Record<string, AnyPgColumn>,
  fallback: SQL[],
): SQL[] {
  if (!sort) return fallback;
  const order: SQL[] = [];
  for (const raw of sort.split(",")) {
    const part = raw.trim();
    if (!part) continue;
    const descending = part.startsWith("-");
    const name = descending ? part.slice(1) : part;
    const column = columns[name];
    if (!column) {
      throw new AppError(
        "VALIDATION_FAILED",
        `Cannot sort by "${name}". Sort by one of: ${Object.keys(columns).join(", ")}.`,
        {
          source: "sort",
        },
      );
    }
    order.push(descending ? desc(column) : asc(column));
  }
  return order.length ? [...order, ...fallback] : fallback;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}
