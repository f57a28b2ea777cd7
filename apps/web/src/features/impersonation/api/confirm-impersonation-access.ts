import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { ConfirmImpersonationAccessResult } from "@netfleet/contracts/schemas/impersonation";
import { http } from "../../../lib/http";

export async function confirmImpersonationAccess(
  token: string,
): Promise<ConfirmImpersonationAccessResult> {
  const response = await http.post<DataEnvelope<ConfirmImpersonationAccessResult>>(
    "/api/user/impersonation-access/confirm",
    { token },
  );
  return response.data.data;
}

/**
 * A query rather than a mutation on purpose: the page confirms on load, and a query runs
 * once per token however often the page mounts (React's strict mode mounts twice), where
 * a second POST would find the link already used.
 */
export function confirmImpersonationAccessQuery(token: string) {
  return queryOptions({
    queryKey: ["impersonation", "confirm-access", token],
    queryFn: () => confirmImpersonationAccess(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useConfirmImpersonationAccess(token: string) {
  return useQuery(confirmImpersonationAccessQuery(token));
}
