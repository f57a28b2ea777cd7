import { Navigate, Outlet, createBrowserRouter, type RouteObject } from "react-router";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { ACCOUNT_PAGES } from "../lib/account-paths";
import { FullPageLoader } from "../components/layout/full-page-loader";
import { RouteError } from "../components/layout/route-error";

/**
 * Every page is a lazily loaded module exporting `Component`, so each route is its own
 * chunk. Account pages stand alone; console pages sit under the session-gated layout.
 */
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      { path: ACCOUNT_PAGES.signIn, lazy: () => import("./routes/account/sign-in") },
      { path: ACCOUNT_PAGES.register, lazy: () => import("./routes/account/register") },
      { path: ACCOUNT_PAGES.verifyEmail, lazy: () => import("./routes/account/verify-email") },
      {
        path: ACCOUNT_PAGES.forgotPassword,
        lazy: () => import("./routes/account/forgot-password"),
      },
      { path: ACCOUNT_PAGES.resetPassword, lazy: () => import("./routes/account/reset-password") },
      {
        lazy: () => import("./routes/console/layout"),
        children: [
          { path: DEFAULT_LANDING_PAGE, lazy: () => import("./routes/management/devices") },
          { path: ACCOUNT_PAGES.settings, lazy: () => import("./routes/account/settings") },
        ],
      },
      { path: "*", element: <Navigate to={DEFAULT_LANDING_PAGE} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
