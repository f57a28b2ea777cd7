import { canOpenRoute, type Viewer } from "@netfleet/contracts/navigation";
import { routeByName, routeChain, type RouteSpec } from "@netfleet/contracts/routes";
import { pathWithParams } from "../../lib/current-route";

/**
 * What a page of the route table shows around its content (shell §2 Layout): its title,
 * its breadcrumbs from the route name and title, and a tab bar for every tab host above it.
 */
export interface Crumb {
  name: string;
  title: string;
  /** Absent for the current page and for groups without a page of their own. */
  to?: string;
}

export interface TabBar {
  host: string;
  active: string;
  tabs: { name: string; title: string; to: string }[];
}

export interface PageModel {
  title: string;
  crumbs: Crumb[];
  tabBars: TabBar[];
}

type Params = Readonly<Record<string, string | undefined>>;

export function pageModel(
  route: RouteSpec,
  params: Params,
  viewer: Viewer | null,
  label: (route: RouteSpec) => string,
): PageModel {
  const chain = routeChain(route);
  const top = [...chain].reverse();

  const crumbs: Crumb[] = top.map((r, i) => ({
    name: r.name,
    title: label(r),
    to: i === top.length - 1 ? undefined : pathWithParams(r, params),
  }));

  const tabBars: TabBar[] = [];
  top.forEach((host, i) => {
    const below = top[i + 1] ?? (host.tabs?.includes(host.name) ? host : undefined);
    if (!host.tabs || !below || !host.tabs.includes(below.name)) return;
    const tabs = host.tabs
      .map((name) => routeByName(name))
      .filter((r): r is RouteSpec => !!r && (!viewer || canOpenRoute(r, viewer, params)))
      .flatMap((r) => {
        const to = pathWithParams(r, params);
        return to ? [{ name: r.name, title: label(r), to }] : [];
      });
    tabBars.push({ host: host.name, active: below.name, tabs });
  });

  const titleRoute = routeByName(tabBars[0]?.host ?? route.name) ?? route;
  return { title: label(titleRoute), crumbs, tabBars };
}
