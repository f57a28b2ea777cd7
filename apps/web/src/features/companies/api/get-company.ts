import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { Company } from "@netfleet/contracts/schemas/companies";
import { http } from "../../../lib/http";
import { companiesQueryKey } from "./list-companies";

/** One company of the user's tree (`GET /api/companies/{id}`); outside it, a 404. */
export async function getCompany(id: number, signal?: AbortSignal): Promise<Company> {
  const response = await http.get<DataEnvelope<Company>>(`/api/companies/${id}`, { signal });
  return response.data.data;
}

export function companyQuery(id: number) {
  return queryOptions({
    queryKey: [...companiesQueryKey, "detail", id],
    queryFn: ({ signal }) => getCompany(id, signal),
  });
}

/** Asks nothing for an id that cannot be one (0). */
export function useCompany(id: number) {
  return useQuery({ ...companyQuery(id), enabled: id > 0 });
}
