import { skipToken, useQuery } from "@tanstack/react-query";
import type { Viewer } from "@netfleet/contracts/navigation";
import { hasPermission, type Permission } from "@netfleet/contracts/permissions";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { useTheme } from "./app-config";

/** The query key the current-user call caches under (features/users/api/get-current-user). */
export const CURRENT_USER_KEY = ["users", "current"] as const;

/** The signed-in user as already loaded by start-up; this never fetches by itself. */
export function useSignedInUser(): CurrentUser | undefined {
  return useQuery<CurrentUser>({ queryKey: CURRENT_USER_KEY, queryFn: skipToken }).data;
}

/** Whether the signed-in user holds `permission`; the server checks it again on every call. */
export function useCan(): (permission: Permission) => boolean {
  const user = useSignedInUser();
  return (permission) => user !== undefined && hasPermission(user.permissions, permission);
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
