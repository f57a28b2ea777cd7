import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { MfaStatus } from "@netfleet/contracts/schemas/mfa";
import { http } from "../../../lib/http";

/** The signed-in user's second factor: the method in use and whether the company insists. */
export async function getMfa(signal?: AbortSignal): Promise<MfaStatus> {
  const response = await http.get<DataEnvelope<MfaStatus>>("/api/mfa", { signal });
  return response.data.data;
}

export const mfaQueryKey = ["account", "mfa"] as const;

export function getMfaQuery() {
  return queryOptions({ queryKey: mfaQueryKey, queryFn: ({ signal }) => getMfa(signal) });
}

export function useMfa() {
  return useQuery(getMfaQuery());
}
