import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { Role, RoleListQuery } from "@netfleet/contracts/schemas/roles";
import type { ListParams } from "../../../components/ui/server-list";
import { http } from "../../../lib/http";

/** Filters of `GET /api/roles` besides paging and search (FM-CALL-020). */
export type RoleFilters = Partial<Pick<RoleListQuery, "company_id" | "type">> & {
  /** Comma-separated keys, `-` for descending. */
  sort?: string;
};

/** Selectors load one page of this size (forms §9). */
export const ROLES_PAGE_SIZE = 100;

/**
 * `GET /api/roles` for role selectors (forms §7). A 401 is retried once after the session
 * refresh, as the HTTP client does for every call (FM-ERR-021); any failure that remains
 * gives an empty list, so the form still opens (FM-ERR-022).
 */
export async function listRoles(filters: RoleFilters = {}, signal?: AbortSignal): Promise<Role[]> {
  try {
    const response = await http.get<ListEnvelope<Role>>("/api/roles", {
      params: { limit: ROLES_PAGE_SIZE, ...filters },
      signal,
    });
    return Array.isArray(response.data.data) ? response.data.data : [];
  } catch {
    return [];
  }
}

/** Columns the roles page can be sorted by. */
export type RoleSortKey =
  "id" | "name" | "title" | "company_name" | "permissions_count" | "created_at" | "updated_at";

export type RolesPageParams = ListParams & Pick<RoleFilters, "type">;

/** One page of the roles page; unlike the selectors', its failures are shown. */
export async function listRolesPage(
  params: RolesPageParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<Role>> {
  const response = await http.get<ListEnvelope<Role>>("/api/roles", { params, signal });
  return response.data;
}

/** Prefix of everything this feature loads: creating, editing and deleting reload it. */
export const rolesQueryKey = ["roles"] as const;

export function rolesPageQuery(params: RolesPageParams) {
  return queryOptions({
    queryKey: [...rolesQueryKey, "list", params],
    queryFn: ({ signal }) => listRolesPage(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRolesPage(params: RolesPageParams) {
  return useQuery(rolesPageQuery(params));
}
