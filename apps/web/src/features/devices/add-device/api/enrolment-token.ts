import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { EnrolmentToken } from "@netfleet/contracts/schemas/devices";
import { http } from "../../../../lib/http";

/** A company's enrolment token; the server makes one on first request. */
export async function getEnrolmentToken(companyId: number, signal?: AbortSignal): Promise<string> {
  const response = await http.get<DataEnvelope<EnrolmentToken>>(
    `/api/companies/${companyId}/enrolment-token`,
    { signal },
  );
  return response.data.data.token;
}

export const enrolmentTokenKey = (companyId: number) =>
  ["companies", companyId, "enrolment-token"] as const;

export function enrolmentTokenQuery(companyId: number) {
  return queryOptions({
    queryKey: enrolmentTokenKey(companyId),
    queryFn: ({ signal }) => getEnrolmentToken(companyId, signal),
    // The token changes only when someone replaces it.
    staleTime: Infinity,
  });
}

export function useEnrolmentToken(companyId: number | undefined) {
  return useQuery({ ...enrolmentTokenQuery(companyId ?? 0), enabled: companyId !== undefined });
}
