import { queryOptions, useQuery } from "@tanstack/react-query";
import { FORMS } from "@netfleet/contracts/constants";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { CompanyListItem } from "@netfleet/contracts/schemas/companies";
import { http } from "../../../lib/http";
import { companiesQueryKey } from "./list-companies";

/**
 * Every company of the user's tree, in tree order (`sort=tree`: each company followed by
 * its subsidiaries), read page by page: the tree view and the company forms need them all.
 */
export async function listCompanyTree(signal?: AbortSignal): Promise<CompanyListItem[]> {
  const rows: CompanyListItem[] = [];
  for (;;) {
    const response = await http.get<ListEnvelope<CompanyListItem>>("/api/companies", {
      params: { sort: "tree", limit: FORMS.selectorPageSize, offset: rows.length },
      signal,
    });
    const { data, meta } = response.data;
    rows.push(...data);
    if (data.length === 0 || rows.length >= meta.total) return rows;
  }
}

export function companyTreeQuery() {
  return queryOptions({
    queryKey: [...companiesQueryKey, "tree"],
    queryFn: ({ signal }) => listCompanyTree(signal),
  });
}

export function useCompanyTree() {
  return useQuery(companyTreeQuery());
}
