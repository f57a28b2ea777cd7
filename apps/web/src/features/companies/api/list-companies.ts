import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { CompanyListItem } from "@netfleet/contracts/schemas/companies";
import type { ListParams } from "../../../components/ui/server-list";
import { http } from "../../../lib/http";

/**
 * Columns the list can be sorted by. `device_count` is RMS's name for the devices sort,
 * which the server accepts beside its own.
 */
export type CompanySortKey =
  "id" | "name" | "parent_id" | "level" | "device_count" | "users_count" | "created_at";

/** `q` matches company names; `sort` is comma-separated keys, `-` for descending. */
export type ListCompaniesParams = ListParams;

export async function listCompanies(
  params: ListCompaniesParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<CompanyListItem>> {
  const response = await http.get<ListEnvelope<CompanyListItem>>("/api/companies", {
    params,
    signal,
  });
  return response.data;
}

/** Prefix of every company answer (list, tree, one company): company writes reload them all. */
export const companiesQueryKey = ["companies"] as const;

export function listCompaniesQuery(params: ListCompaniesParams) {
  return queryOptions({
    queryKey: [...companiesQueryKey, "list", params],
    queryFn: ({ signal }) => listCompanies(params, signal),
    // Paging, sorting and searching keep the current rows on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useCompanies(params: ListCompaniesParams) {
  return useQuery(listCompaniesQuery(params));
}
