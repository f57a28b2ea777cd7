import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { User } from "@netfleet/contracts/schemas/users";
import { http } from "../../../lib/http";
import { usersQueryKey } from "./list-users";

/** One user of the caller's company tree; another user answers 404. */
export async function getUser(id: number, signal?: AbortSignal): Promise<User> {
  const response = await http.get<DataEnvelope<User>>(`/api/users/${id}`, { signal });
  return response.data.data;
}

export function userQuery(id: number) {
  return queryOptions({
    // Under the feature's key, so that whatever reloads the list reloads the user too.
    queryKey: [...usersQueryKey, "one", id],
    queryFn: ({ signal }) => getUser(id, signal),
  });
}

export function useUser(id: number) {
  return useQuery(userQuery(id));
}
