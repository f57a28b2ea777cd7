import { Outlet, createBrowserRouter, type RouteObject } from "react-router";
import { ROUTES, type RouteName, type RouteSpec } from "@netfleet/contracts/routes";
import { ACCOUNT_PAGES } from "../lib/account-paths";
import { cancelPendingRequests } from "../lib/http";
import type { RouteHandle } from "../lib/current-route";
import { FullPageLoader } from "../components/layout/full-page-loader";
import { RouteError } from "../components/layout/route-error";
import { RouteRedirect } from "../components/layout/route-redirect";
import { LazyDialogHost } from "../components/ui/dialog/lazy-dialog-host";
import * as offlinePage from "./routes/offline";

type LazyPage = NonNullable<RouteObject["lazy"]>;

/** Every tab of a device's page is one page component (it picks the tab by route name). */
const devicePage: LazyPage = () => import("./routes/devices/device");

/** Likewise every tab of a company's page. */
const companyPage: LazyPage = () => import("./routes/companies/company");

/**
 * Pages that exist. Every other route of the table shows the shared placeholder page: its
 * title, breadcrumbs and tabs over a note that it is not available in this version yet,
 * until its capability arrives.
 */
const PAGES: Partial<Record<RouteName, LazyPage>> = {
  "management.devices": () => import("./routes/management/devices"),
  "management.update-firmware": () => import("./routes/management/update-firmware"),
  "management.upload-backup": () => import("./routes/management/upload-backup"),
  "users.companies": () => import("./routes/companies/companies"),
  "company.tree": () => import("./routes/companies/tree"),
  "company.devices": companyPage,
  "company.data-history": companyPage,
  "company.metrics": companyPage,
  "company.userstable": companyPage,
  "company.invitations": companyPage,
  "company.tags": companyPage,
  "company.files": companyPage,
  "company.reports.single": companyPage,
  "company.reports.periodic.day": companyPage,
  "company.reports.periodic.week": companyPage,
  "company.reports.periodic.month": companyPage,
  "company.resources.codes": companyPage,
  "company.resources.credit-pools": companyPage,
  "company.resources.data-history": companyPage,
  "users.table": () => import("./routes/users/users"),
  "tags.main": () => import("./routes/tags"),
  "files.main": () => import("./routes/files/files"),
  "files.images": () => import("./routes/files/images"),
  "files.global": () => import("./routes/files/global-firmware"),
  "account.settings": () => import("./routes/account/settings"),
  form: () => import("./routes/form"),
  "users.impersonation-logs": () => import("./routes/users/impersonation-logs"),
  "users.move-logs": () => import("./routes/users/move-logs"),
  "users.invitations": () => import("./routes/users/invitations"),
  "users.roles": () => import("./routes/users/roles"),
  "mail.logs": () => import("./routes/system/mail-logs"),
  "email-smtp": () => import("./routes/email-smtp"),
  "users.confirm-impersonation-access": () => import("./routes/users/confirm-impersonation-access"),
  changelog: () => import("./routes/changelog"),
  "notifications.main": () => import("./routes/notifications"),
  "notices.global": () => import("./routes/notices"),
  logout: () => import("./routes/logout"),
  // Bundled with the router: a chunk cannot be fetched once the network is gone.
  offline: () => Promise.resolve(offlinePage),
  "not-found": () => import("./routes/not-found"),
  "device.activity": devicePage,
  "device.location": devicePage,
  "device.dashboards": devicePage,
  "device.dashboard": devicePage,
  "device.data-usage": devicePage,
  "device.ports": devicePage,
  "device.services": devicePage,
  "device.access": devicePage,
  "device.network": devicePage,
  "device.monitoring-parameters-history": devicePage,
  "device.metrics.dynamic": devicePage,
  "device.metrics.mobile-data": devicePage,
  "device.metrics.io": devicePage,
  "device.metrics.gps": devicePage,
  "device.esim": devicePage,
};

const placeholderPage: LazyPage = () => import("./routes/placeholder");

function toRouteObject(spec: RouteSpec & { path: string }): RouteObject {
  const handle: RouteHandle = { routeName: spec.name };
  if (spec.redirect) return { path: spec.path, handle, element: <RouteRedirect route={spec} /> };
  return { path: spec.path, handle, lazy: PAGES[spec.name as RouteName] ?? placeholderPage };
}

const routable = ROUTES.filter((r): r is RouteSpec & { path: string } => r.path !== null);

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
      { path: ACCOUNT_PAGES.signIn, lazy: () => import("./routes/account/sign-in") },
      { path: ACCOUNT_PAGES.register, lazy: () => import("./routes/account/register") },
      { path: ACCOUNT_PAGES.verifyEmail, lazy: () => import("./routes/account/verify-email") },
      {
        path: ACCOUNT_PAGES.forgotPassword,
        lazy: () => import("./routes/account/forgot-password"),
      },
      { path: ACCOUNT_PAGES.resetPassword, lazy: () => import("./routes/account/reset-password") },
      { path: ACCOUNT_PAGES.signInLink, lazy: () => import("./routes/account/sign-in-link") },
      {
        lazy: () => import("./routes/console/layout"),
        children: [
          ...routable.filter((r) => !r.standalone).map(toRouteObject),
          // Unknown paths: the guard sends the user to their first permitted page.
          { path: "*", handle: { routeName: null } satisfies RouteHandle, element: null },
        ],
      },
      {
        lazy: () => import("./routes/console/standalone"),
        children: routable.filter((r) => r.standalone).map(toRouteObject),
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
