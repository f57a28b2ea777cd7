import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { TIMEOUTS } from "@netfleet/contracts/constants";
import type { CurrentUser, currentUserResponseSchema } from "@netfleet/contracts/schemas/users";
import { http } from "../../../lib/http";

type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  const response = await http.get<CurrentUserResponse>("/api/user", {
    timeout: TIMEOUTS.userRequestMs,
    signal,
  });
  return response.data.data;
}

export function currentUserQuery() {
  return queryOptions({
    queryKey: ["users", "current"],
    queryFn: ({ signal }) => getCurrentUser(signal),
    // The session outlives any page; it is read again after sign-in by a full page load.
    staleTime: 5 * 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}
