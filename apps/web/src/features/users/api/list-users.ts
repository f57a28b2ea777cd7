import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { UserListItem } from "@netfleet/contracts/schemas/users";
import type { ListParams } from "../../../components/ui/server-list";
import { http } from "../../../lib/http";

/** Columns the list can be sorted by. */
export type UserSortKey =
  "id" | "email" | "username" | "company_name" | "role" | "last_login_at" | "created_at";

/**
 * `q` matches e-mails, user names and names; `sort` is comma-separated keys, `-` descending;
 * `company_id` keeps the users of one company (a company page's tab).
 */
export interface ListUsersParams extends ListParams {
  company_id?: number;
}

export async function listUsers(
  params: ListUsersParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<UserListItem>> {
  const response = await http.get<ListEnvelope<UserListItem>>("/api/users", { params, signal });
  return response.data;
}

/**
 * Prefix of everything this feature loads (lists, one user, move logs), but not of the
 * signed-in user: a change to any user reloads it all by this key.
 */
export const usersQueryKey = ["users", "all"] as const;

export function listUsersQuery(params: ListUsersParams) {
  return queryOptions({
    queryKey: [...usersQueryKey, "list", params],
    queryFn: ({ signal }) => listUsers(params, signal),
    // Paging, sorting and searching keep the current rows on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: ListUsersParams) {
  return useQuery(listUsersQuery(params));
}
