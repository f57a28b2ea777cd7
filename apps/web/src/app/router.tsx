import { Outlet, createBrowserRouter, type RouteObject } from "../lib/router";
import { cancelPendingRequests } from "../lib/http";
import type { RouteHandle } from "../lib/current-route";
import { FullPageLoader } from "../components/layout/full-page-loader";
import { RouteError } from "../components/layout/route-error";
import { RouteRedirect } from "../components/layout/route-redirect";
import { LazyDialogHost } from "../components/ui/dialog/lazy-dialog-host";
import * as offlinePage from "./routes/offline";
import { type LazyPage, pageOf, pageTree, type RoutableSpec } from "./route-pages";

/** Bundled with the router: a chunk cannot be fetched once the network is gone. */
const offlineRoute: LazyPage = () => Promise.resolve(offlinePage);

function toRouteObject(spec: RoutableSpec): RouteObject {
  const handle: RouteHandle = { routeName: spec.name };
  if (spec.redirect) return { path: spec.path, handle, element: <RouteRedirect route={spec} /> };
  return { path: spec.path, handle, lazy: spec.name === "offline" ? offlineRoute : pageOf(spec) };
}

/** Every route of the table, named through its `handle`, in the tree of `pageTree`. */
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
    // Unknown paths: the guard sends the user to their first permitted page.
    children: pageTree(toRouteObject, {
      path: "*",
      handle: { routeName: null } satisfies RouteHandle,
      element: null,
    }),
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
