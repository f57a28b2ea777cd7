import { QueryClient } from "@tanstack/react-query";
import { ApiRequestError, isRouteChangeCancel } from "./http";
import { onSessionEvent } from "./session-events";
import { CURRENT_USER_KEY } from "./viewer";

/**
 * Client errors (4xx) will not change on a retry; network and server errors might. A
 * request cancelled because the user moved on is no error: a query still on screen simply
 * asks again.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isRouteChangeCancel(error)) return failureCount < 3;
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// After a refresh while impersonating, who the session acts as may have changed (D17).
onSessionEvent("sessionReread", () => {
  void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
});
// A refresh that interrupted a write or a download: everything shown may be stale.
onSessionEvent("appReinitialise", () => {
  void queryClient.invalidateQueries();
});
