import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { RoleDetail } from "@netfleet/contracts/schemas/roles";
import { http } from "../../../lib/http";
import { rolesQueryKey } from "./list-roles";

/** One role of the caller's tree with the permissions it grants. */
export async function getRole(id: number, signal?: AbortSignal): Promise<RoleDetail> {
  const response = await http.get<DataEnvelope<RoleDetail>>(`/api/roles/${id}`, { signal });
  return response.data.data;
}

export function roleQuery(id: number) {
  return queryOptions({
    queryKey: [...rolesQueryKey, "one", id],
    queryFn: ({ signal }) => getRole(id, signal),
  });
}

export function useRole(id: number) {
  return useQuery(roleQuery(id));
}
