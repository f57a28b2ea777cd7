import type { ReactElement } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Navigate, useLocation } from "../../../lib/router";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { AccessDeniedScreen } from "../../../components/screens/access-denied-screen";
import { SignOutButton } from "../../../features/account/components/sign-out-button";
import { useTheme } from "../../../lib/app-config";
import { useCurrentRoute } from "../../../lib/current-route";
import { decideRoute } from "../../../lib/route-guard";

/**
 * Runs the route guard for the current location and says what to render instead of the
 * page, if anything: a redirect, the offline page or the "Access denied" screen.
 */
export function useGuardOutcome(user: CurrentUser | null): { element: ReactElement | null } {
  const { t } = useTranslation("startup");
  const { route, params } = useCurrentRoute();
  const location = useLocation();
  const theme = useTheme();
  const outcome = decideRoute({
    // Read per navigation: losing the network while on a page only shows a toast (shell §8).
    online: navigator.onLine,
    route,
    params,
    location: { pathname: location.pathname, search: location.search, host: window.location.host },
    user,
    disabledRoutes: theme.disabled_routes,
  });
  switch (outcome.kind) {
    case "allow":
      return { element: null };
    case "offline":
      return { element: <Navigate to="/offline" replace /> };
    case "access-denied":
      // Nothing else on this screen leads anywhere: signing out is the way to another account.
      return {
        element: <AccessDeniedScreen actions={<SignOutButton label={t("signOut")} />} />,
      };
    case "sign-in":
    case "redirect":
    case "continue":
      return { element: <Navigate to={outcome.to} replace /> };
  }
}
