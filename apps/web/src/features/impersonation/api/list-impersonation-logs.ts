import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { ImpersonationLog } from "@netfleet/contracts/schemas/impersonation";
import { http } from "../../../lib/http";

export interface ListImpersonationLogsParams {
  limit: number;
  offset: number;
  /** Searches the operator's and the impersonated user's e-mail. */
  q?: string;
  /** Comma-separated sort keys, `-` for descending: `-started_at`. */
  sort?: string;
}

export async function listImpersonationLogs(
  params: ListImpersonationLogsParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<ImpersonationLog>> {
  const response = await http.get<ListEnvelope<ImpersonationLog>>("/api/users/impersonation-logs", {
    params,
    signal,
  });
  return response.data;
}

export function listImpersonationLogsQuery(params: ListImpersonationLogsParams) {
  return queryOptions({
    queryKey: ["impersonation", "logs", params],
    queryFn: ({ signal }) => listImpersonationLogs(params, signal),
    // Paging, sorting and searching keep the current rows on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useImpersonationLogs(params: ListImpersonationLogsParams) {
  return useQuery(listImpersonationLogsQuery(params));
}
