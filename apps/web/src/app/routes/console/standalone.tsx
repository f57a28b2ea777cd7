import { useQuery } from "@tanstack/react-query";
import { Outlet, useLocation } from "../../../lib/router";
import { FullPageLoader } from "../../../components/layout/full-page-loader";
import { currentUserQuery } from "../../../features/users/api/get-current-user";
import { useCurrentRoute } from "../../../lib/current-route";
import { useGuardOutcome } from "./use-guard-outcome";

/**
 * Standalone routes render without the header and navigation (shell §2 Layout) but pass
 * the same guard; those open to anyone, or opened with a session key, need no user.
 */
export function Component() {
  const { route } = useCurrentRoute();
  const { search } = useLocation();
  const withKey = !!route?.keyAccess && new URLSearchParams(search).has("key");
  const needsUser = !route?.noAuth && !withKey;
  const user = useQuery({ ...currentUserQuery(), enabled: needsUser, retry: false });
  const outcome = useGuardOutcome(user.data ?? null);
  if (needsUser && user.isPending) return <FullPageLoader />;
  return outcome.element ?? <Outlet />;
}
