import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { ImpersonableUser } from "@netfleet/contracts/schemas/impersonation";
import { http } from "../../../lib/http";

export interface ListImpersonableUsersParams {
  limit: number;
  /** Searches e-mail and names. */
  q?: string;
}

/** Users the caller may impersonate now: in scope, with a grant in the future. */
export async function listImpersonableUsers(
  params: ListImpersonableUsersParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<ImpersonableUser>> {
  const response = await http.get<ListEnvelope<ImpersonableUser>>("/api/users/impersonable", {
    params,
    signal,
  });
  return response.data;
}

export function listImpersonableUsersQuery(params: ListImpersonableUsersParams) {
  return queryOptions({
    queryKey: ["impersonation", "impersonable", params],
    queryFn: ({ signal }) => listImpersonableUsers(params, signal),
    placeholderData: keepPreviousData,
    // Grants come and go; the dialog reads them afresh each time it opens.
    staleTime: 0,
  });
}

export function useImpersonableUsers(params: ListImpersonableUsersParams, enabled: boolean) {
  return useQuery({ ...listImpersonableUsersQuery(params), enabled });
}
