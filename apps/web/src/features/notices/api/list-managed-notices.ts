import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import {
  MANAGED_NOTICE_SORT_FIELDS,
  type ManagedNotice,
} from "@netfleet/contracts/schemas/notices";
import { http } from "../../../lib/http";
import { NOTICES_KEY } from "./list-notices";

/** Columns the administration list sorts by. */
export const MANAGED_NOTICE_SORT_KEYS = MANAGED_NOTICE_SORT_FIELDS;
export type ManagedNoticeSortKey = (typeof MANAGED_NOTICE_SORT_FIELDS)[number];

export interface ListManagedNoticesParams {
  limit: number;
  offset: number;
  /** Searches the message. */
  q?: string;
  /** `enabled_at` or `created_at`, `-` in front for descending. */
  sort?: string;
}

export async function listManagedNotices(
  params: ListManagedNoticesParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<ManagedNotice>> {
  const response = await http.get<ListEnvelope<ManagedNotice>>("/api/admin/notices", {
    params,
    signal,
  });
  return response.data;
}

export function listManagedNoticesQuery(params: ListManagedNoticesParams) {
  return queryOptions({
    queryKey: [...NOTICES_KEY, "managed", params],
    queryFn: ({ signal }) => listManagedNotices(params, signal),
    // Paging, sorting and searching keep the current rows on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useManagedNotices(params: ListManagedNoticesParams) {
  return useQuery(listManagedNoticesQuery(params));
}
