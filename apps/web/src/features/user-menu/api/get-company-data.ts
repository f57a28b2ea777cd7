import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { CompanyData } from "@netfleet/contracts/schemas/credits";
import { http } from "../../../lib/http";

/** The caller's company data still to use, in bytes (`GET /api/companies/data`). */
export async function getCompanyData(signal?: AbortSignal): Promise<CompanyData> {
  const response = await http.get<DataEnvelope<CompanyData>>("/api/companies/data", {
    signal,
    // Data is used up as devices connect: the short-lived cache (shell §9).
    cache: "companyAndCredits",
  });
  return response.data.data;
}

export function companyDataQuery() {
  return queryOptions({
    queryKey: ["companies", "data"],
    queryFn: ({ signal }) => getCompanyData(signal),
  });
}

export function useCompanyData(enabled: boolean) {
  return useQuery({ ...companyDataQuery(), enabled });
}
