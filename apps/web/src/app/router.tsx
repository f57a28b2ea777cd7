import { Outlet, createBrowserRouter, type RouteObject } from "react-router";
import { cancelPendingRequests } from "../lib/http";
import type { RouteHandle } from "../lib/current-route";
import { FullPageLoader } from "../components/layout/full-page-loader";
import { RouteError } from "../components/layout/route-error";
import { RouteRedirect } from "../components/layout/route-redirect";
import { LazyDialogHost } from "../components/ui/dialog/lazy-dialog-host";
import * as offlinePage from "./routes/offline";
import {
  ACCOUNT_ROUTES,
  consoleLayout,
  type LazyPage,
  pageOf,
  ROUTABLE,
  type RoutableSpec,
  standaloneLayout,
} from "./route-pages";

/** Bundled with the router: a chunk cannot be fetched once the network is gone. */
const offlineRoute: LazyPage = () => Promise.resolve(offlinePage);

function toRouteObject(spec: RoutableSpec): RouteObject {
  const handle: RouteHandle = { routeName: spec.name };
  if (spec.redirect) return { path: spec.path, handle, element: <RouteRedirect route={spec} /> };
  return { path: spec.path, handle, lazy: spec.name === "offline" ? offlineRoute : pageOf(spec) };
}

/**
 * Every route of the table, named through its `handle`. Console pages sit under the layout
 * that checks the session and runs the route guard; standalone ones under a bare guard.
 * Account pages that work without a session stand outside both.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <>
        <Outlet />
        <LazyDialogHost />
      </>
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      ...ACCOUNT_ROUTES,
      {
        lazy: consoleLayout,
        children: [
          ...ROUTABLE.filter((r) => !r.standalone).map(toRouteObject),
          // Unknown paths: the guard sends the user to their first permitted page.
          { path: "*", handle: { routeName: null } satisfies RouteHandle, element: null },
        ],
      },
      {
        lazy: standaloneLayout,
        children: ROUTABLE.filter((r) => r.standalone).map(toRouteObject),
      },
    ],
  },
];

/**
 * The browser's router. When a navigation heads for another path, requests still pending
 * for the page being left are cancelled with "Route changed" (shell §4), before the next
 * page starts its own.
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  let lastPath = router.state.location.pathname;
  router.subscribe((state) => {
    const next = state.navigation.location?.pathname ?? state.location.pathname;
    if (next === lastPath) return;
    lastPath = next;
    cancelPendingRequests();
  });
  return router;
}
