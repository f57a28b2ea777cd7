import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { Invitation } from "@netfleet/contracts/schemas/invitations";
import type { ListParams } from "../../../components/ui/server-list";
import { http } from "../../../lib/http";

/** Columns the list can be sorted by. */
export type InvitationSortKey =
  "id" | "email" | "created_at" | "expires_at" | "status" | "company_name" | "role";

/** `status` narrows to some states (comma-separated); `company_id` to one company. */
export interface ListInvitationsParams extends ListParams {
  status?: string;
  company_id?: number;
}

export async function listInvitations(
  params: ListInvitationsParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<Invitation>> {
  const response = await http.get<ListEnvelope<Invitation>>("/api/users/invitations", {
    params,
    signal,
  });
  return response.data;
}

/** Prefix of every page of the list: inviting, resending and revoking reload it by this key. */
export const invitationsQueryKey = ["invitations", "list"] as const;

export function listInvitationsQuery(params: ListInvitationsParams) {
  return queryOptions({
    queryKey: [...invitationsQueryKey, params],
    queryFn: ({ signal }) => listInvitations(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvitations(params: ListInvitationsParams) {
  return useQuery(listInvitationsQuery(params));
}
