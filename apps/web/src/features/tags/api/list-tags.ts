import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { TagListItem } from "@netfleet/contracts/schemas/tags";
import type { ListParams } from "../../../components/ui/server-list";
import { http } from "../../../lib/http";

/** Columns the list can be sorted by; `device_count` is RMS's name for the devices sort. */
export type TagSortKey = "id" | "name" | "company_name" | "device_count" | "created_at";

/**
 * `q` matches tag names; `sort` is comma-separated keys, `-` for descending; `company_id`
 * keeps the tags of one company (a company page's tab).
 */
export interface ListTagsParams extends ListParams {
  company_id?: number;
}

export async function listTags(
  params: ListTagsParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<TagListItem>> {
  const response = await http.get<ListEnvelope<TagListItem>>("/api/tags", { params, signal });
  return response.data;
}

/** Prefix of every page of the list: forms that change tags reload it by this key. */
export const tagsListQueryKey = ["tags", "list"] as const;

export function listTagsQuery(params: ListTagsParams) {
  return queryOptions({
    queryKey: [...tagsListQueryKey, params],
    queryFn: ({ signal }) => listTags(params, signal),
    // Paging, sorting and searching keep the current rows on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useTags(params: ListTagsParams) {
  return useQuery(listTagsQuery(params));
}
