import { matchRoutes, type RouteObject } from "../lib/router";
import { ROUTES, type RouteName, type RouteSpec } from "@netfleet/contracts/routes";
import { ACCOUNT_PAGES } from "../lib/account-paths";
import { withAllMessages } from "../lib/i18n";

/**
 * Where each page's code comes from: the router's lazy routes, and the page load's first
 * request for its own page (`loadPageOf`). No component lives here, so the console's entry
 * can import it without their weight.
 */
export type LazyPage = NonNullable<RouteObject["lazy"]>;

/** Every tab of a device's page is one page component (it picks the tab by route name). */
const devicePage: LazyPage = () => import("./routes/devices/device");

/** Likewise every tab of a company's page. */
const companyPage: LazyPage = () => import("./routes/companies/company");

/**
 * Pages that exist. Every other route of the table shows the shared placeholder page: its
 * title, breadcrumbs and tabs over a note that it is not available in this version yet,
 * until its capability arrives.
 */
export const PAGES: Partial<Record<RouteName, LazyPage>> = {
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

export const placeholderPage: LazyPage = () => import("./routes/placeholder");

/** The account pages that work without a session. */
export const ACCOUNT_ROUTES: { path: string; lazy: LazyPage }[] = [
  { path: ACCOUNT_PAGES.signIn, lazy: () => import("./routes/account/sign-in") },
  { path: ACCOUNT_PAGES.register, lazy: () => import("./routes/account/register") },
  { path: ACCOUNT_PAGES.verifyEmail, lazy: () => import("./routes/account/verify-email") },
  { path: ACCOUNT_PAGES.forgotPassword, lazy: () => import("./routes/account/forgot-password") },
  { path: ACCOUNT_PAGES.resetPassword, lazy: () => import("./routes/account/reset-password") },
  { path: ACCOUNT_PAGES.signInLink, lazy: () => import("./routes/account/sign-in-link") },
].map(({ path, lazy }) => ({ path, lazy: withAllMessages(lazy) }));

export const consoleLayout: LazyPage = () => import("./routes/console/layout");
export const standaloneLayout: LazyPage = () => import("./routes/console/standalone");

export type RoutableSpec = RouteSpec & { path: string };

/** Routes of the table that have a path of their own. */
const ROUTABLE = ROUTES.filter((r): r is RoutableSpec => r.path !== null);

/** The page whose messages come with the frame's (locales/frame.ts): it need not wait for the rest. */
const FRAME_PAGE: RouteName = "management.devices";

/** A route's page code: its own, or the shared placeholder. Redirects have none. */
function pageCodeOf(spec: RoutableSpec): LazyPage | undefined {
  // The offline page is bundled with the router (app/router.tsx).
  if (spec.redirect || spec.name === "offline") return undefined;
  return PAGES[spec.name as RouteName] ?? placeholderPage;
}

/** A route's page, as the router loads it: with the rest of the language's messages. */
export function pageOf(spec: RoutableSpec): LazyPage | undefined {
  const page = pageCodeOf(spec);
  return page && spec.name !== FRAME_PAGE ? withAllMessages(page) : page;
}

/**
 * The routes' tree below the router's root: the account pages that work without a session,
 * the console's pages under the layout that checks the session and runs the route guard
 * (then `unknown`, for paths of no route), the standalone ones under a bare guard. `route`
 * makes each entry of the table.
 */
export function pageTree(
  route: (spec: RoutableSpec) => RouteObject,
  unknown: RouteObject,
): RouteObject[] {
  return [
    ...ACCOUNT_ROUTES,
    {
      lazy: consoleLayout,
      children: [...ROUTABLE.filter((r) => !r.standalone).map(route), unknown],
    },
    { lazy: standaloneLayout, children: ROUTABLE.filter((r) => r.standalone).map(route) },
  ];
}

/** The same tree, paths and the pages' code only. */
const loaderTree = pageTree((r) => ({ path: r.path, lazy: pageCodeOf(r) }), { path: "*" });

/** The loaders of the page at `pathname` and of its layout. */
export function pageLoadersOf(pathname: string): (() => Promise<unknown>)[] {
  return (matchRoutes(loaderTree, pathname) ?? []).flatMap(({ route }) =>
    typeof route.lazy === "function" ? [route.lazy] : [],
  );
}

/**
 * Asks for the code of the page at `pathname` and of its layout, at once and side by side,
 * rather than once the router has arrived to ask for them. The router later loads the same
 * modules and gets them from the browser's module map.
 */
export function loadPageOf(pathname: string): void {
  for (const load of pageLoadersOf(pathname)) void load().catch(() => undefined);
}
