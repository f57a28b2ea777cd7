import { queryOptions, useQueries, useQueryClient } from "@tanstack/react-query";
import { SEARCH } from "@netfleet/contracts/constants";
import {
  SEARCH_CATEGORY_DEFINITIONS,
  SEARCH_QUERY,
  type SearchCategory,
} from "@netfleet/contracts/search-categories";
import { http } from "../../../lib/http";
import type { CategoryResult } from "../search-targets";

/**
 * What a row needs beyond the shared field list, which lacks it: a tag's actions for the
 * "A" mark (SH-SEARCH-024) and a file's type (D10). Every other category sends the list as is.
 */
const EXTRA_FIELDS: Partial<Record<SearchCategory, readonly string[]>> = {
  tags: ["actions"],
  files: ["type"],
};

/**
 * One category's search call (shell §7): its list endpoint with the text, 10 rows, the
 * fields searched and the fields returned; the answer is read as `data` and `meta.total`.
 */
export async function searchCategory(
  category: SearchCategory,
  term: string,
  signal?: AbortSignal,
): Promise<CategoryResult> {
  const endpoint = SEARCH_CATEGORY_DEFINITIONS[category].endpoint;
  if (!endpoint) throw new Error(`${category} is not searched on the server`);
  const response = await http.get<unknown>(`/api${endpoint}`, {
    params: {
      q: term,
      limit: SEARCH.limitPerCategory,
      "search-fields": SEARCH_QUERY.searchFields,
      fields: [...SEARCH_QUERY.fields, ...(EXTRA_FIELDS[category] ?? [])],
    },
    signal,
  });
  // The schema library arrives with the first search, not with the page.
  const { searchAnswerSchema } = await import("./search-answer");
  const answer = searchAnswerSchema.parse(response.data);
  return { items: answer.data, total: answer.meta.total };
}

export function searchCategoryQuery(category: SearchCategory, term: string, enabled: boolean) {
  return queryOptions({
    queryKey: ["search", category, term],
    queryFn: ({ signal }) => searchCategory(category, term, signal),
    enabled,
    // Reopening the panel on the same words shows the same rows without asking again.
    staleTime: 30_000,
  });
}

/**
 * The server categories' searches, one query each, in the order given. While the rows of
 * new words load, those of `previousTerm` stay on screen rather than a blank.
 */
export function useCategorySearches(
  categories: readonly SearchCategory[],
  term: string,
  previousTerm: string,
  enabled: boolean,
) {
  const queryClient = useQueryClient();
  return useQueries({
    queries: categories.map((category) => ({
      ...searchCategoryQuery(category, term, enabled),
      placeholderData: () =>
        queryClient.getQueryData(searchCategoryQuery(category, previousTerm, false).queryKey),
    })),
  });
}
