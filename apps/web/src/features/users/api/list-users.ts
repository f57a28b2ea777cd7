import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { UserListItem } from "@netfleet/contracts/schemas/users";
import type { ListParams } from "../../../components/ui/server-list";
import { http } from "../../../lib/http";

/** Columns the list can be sorted by. */
export type UserSortKey =
  "id" | "email" | "username" | "company_name" | "last_login_at" | "created_at";

/** `q` matches e-mails, user names and names; `sort` is comma-separated keys, `-` descending. */
export type ListUsersParams = ListParams;

export async function listUsers(
  params: ListUsersParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<UserListItem>> {
  const response = await http.get<ListEnvelope<UserListItem>>("/api/users", { params, signal });
  return response.data;
}

export function listUsersQuery(params: ListUsersParams) {
  return queryOptions({
    queryKey: ["users", "list", params],
    queryFn: ({ signal }) => listUsers(params, signal),
    // Paging, sorting and searching keep the current rows on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: ListUsersParams) {
  return useQuery(listUsersQuery(params));
}
