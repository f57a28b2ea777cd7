import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { TIMEOUTS } from "@netfleet/contracts/constants";
import type { CurrentUser, currentUserResponseSchema } from "@netfleet/contracts/schemas/users";
import { USER_CALL, http, isCancelledRequest, toUserRequestError } from "../../../lib/http";
import { rememberCurrentUser } from "../../../lib/session-events";
import { CURRENT_USER_KEY } from "../../../lib/viewer";

type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

/**
 * The current user (shell §7, SH-HTTP-016). It times out after 30 s, and its failures carry
 * the start-up wording (SH-ERR-008, SH-ERR-009). Every page needs it, so a route change
 * does not cancel it.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  try {
    const response = await http.get<CurrentUserResponse>(USER_CALL, {
      timeout: TIMEOUTS.userRequestMs,
      keepOnRouteChange: true,
      signal,
    });
    const user = response.data.data;
    rememberCurrentUser(user);
    return user;
  } catch (error) {
    throw isCancelledRequest(error) ? error : toUserRequestError(error);
  }
}

export function currentUserQuery() {
  return queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => getCurrentUser(signal),
    // The session outlives any page; it is read again after sign-in by a full page load.
    staleTime: 5 * 60_000,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}
