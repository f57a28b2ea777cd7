import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { CreditsSummary } from "@netfleet/contracts/schemas/credits";
import { http } from "../../../lib/http";

/** The caller's company credits by type (`GET /api/credits/summary`, RMS API v3 shape). */
export async function getCreditsSummary(signal?: AbortSignal): Promise<CreditsSummary> {
  const response = await http.get<DataEnvelope<CreditsSummary>>("/api/credits/summary", {
    signal,
    // Balances move with every purchase and transfer: the short-lived cache (shell §9).
    cache: "companyAndCredits",
  });
  return response.data.data;
}

export function creditsSummaryQuery() {
  return queryOptions({
    queryKey: ["credits", "summary"],
    queryFn: ({ signal }) => getCreditsSummary(signal),
  });
}

export function useCreditsSummary(enabled: boolean) {
  return useQuery({ ...creditsSummaryQuery(), enabled });
}
