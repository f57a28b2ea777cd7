import { useInfiniteQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import { FORMS } from "@netfleet/contracts/constants";
import { http } from "../../../lib/http";
import type { ItemSource } from "./form-types";

export type SourceItem = Record<string, unknown>;

/** One choice of an ItemSelect, as the dropdown shows it. */
export interface ItemOption {
  /** The value as the dropdown keys it. */
  value: string;
  label: string;
  /** The value as the API sent it (ids stay numbers in the form). */
  raw: string | number;
}

/** The option an item of the source's answer becomes. */
export function itemOption(source: ItemSource, item: SourceItem): ItemOption {
  const raw = item[source.valueKey ?? "id"];
  const labelKey = source.labelKey ?? "name";
  const label = typeof labelKey === "function" ? labelKey(item) : item[labelKey];
  const value = typeof raw === "number" || typeof raw === "string" ? raw : "";
  return {
    value: String(value),
    label: typeof label === "string" || typeof label === "number" ? String(label) : "",
    raw: value,
  };
}

/** One page of the source's list: `q` searches, 100 rows from `offset` (forms §9). */
export async function listSourceItems(
  source: ItemSource,
  q: string,
  offset: number,
  signal?: AbortSignal,
): Promise<ListEnvelope<SourceItem>> {
  const params = { ...source.params, limit: FORMS.selectorPageSize, offset, q: q || undefined };
  const response = await http.get<ListEnvelope<SourceItem>>(source.endpoint, { params, signal });
  return response.data;
}

/**
 * The options of an ItemSelect for a search, page by page: the next page loads when the
 * dropdown is scrolled to its end. Nothing is fetched until `enabled` (the dropdown opens).
 */
export function useItemOptions(source: ItemSource, q: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ["item-select", source.endpoint, source.params ?? {}, q],
    queryFn: ({ pageParam, signal }) => listSourceItems(source, q, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return last.data.length > 0 && loaded < last.meta.total ? loaded : undefined;
    },
    enabled,
    select: (data) => data.pages.flatMap((page) => page.data.map((i) => itemOption(source, i))),
  });
}
