import { skipToken, useQuery } from "@tanstack/react-query";
import type { Viewer } from "@netfleet/contracts/navigation";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { useTheme } from "./app-config";

/** The query key the current-user call caches under (features/users/api/get-current-user). */
export const CURRENT_USER_KEY = ["users", "current"] as const;

/** The signed-in user as already loaded by start-up; this never fetches by itself. */
export function useSignedInUser(): CurrentUser | undefined {
  return useQuery<CurrentUser>({ queryKey: CURRENT_USER_KEY, queryFn: skipToken }).data;
}

/**
 * Who is looking, for navigation and the guard: the signed-in user's permissions and the
 * theme's disabled routes. Null before the session is known.
 */
export function useViewer(): Viewer | null {
  const user = useSignedInUser();
  const theme = useTheme();
  return user ? { permissions: user.permissions, disabledRoutes: theme.disabled_routes } : null;
}
