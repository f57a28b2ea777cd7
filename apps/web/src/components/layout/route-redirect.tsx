import { Navigate, useLocation, useParams } from "../../lib/router";
import { canOpenRoute } from "@netfleet/contracts/navigation";
import { routeByName, type RouteSpec } from "@netfleet/contracts/routes";
import { pathWithParams } from "../../lib/current-route";
import { useViewer } from "../../lib/viewer";

/**
 * Paths that only lead elsewhere: `/reports` → single, `/companies/{id}` → its devices tab,
 * `/devices/{id}` → activity; `"first-tab"` picks the first tab this user may open. A user
 * who may not open the named target goes to the first tab they may open instead.
 */
export function RouteRedirect({ route }: { route: RouteSpec }) {
  const params = useParams();
  const { search } = useLocation();
  const viewer = useViewer();
  const candidates =
    route.redirect === "first-tab"
      ? (route.tabs ?? [])
      : route.redirect
        ? [route.redirect, ...(route.tabs ?? [])]
        : [];
  const target = candidates
    .map((name) => routeByName(name))
    .find((r) => r && r.path !== null && (!viewer || canOpenRoute(r, viewer, params)));
  const to = target && pathWithParams(target, params);
  if (!to) return null;
  return <Navigate to={`${to}${search}`} replace />;
}
