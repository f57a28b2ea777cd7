import { canOpenRoute, type Viewer } from "@netfleet/contracts/navigation";
import { buildPath, routeByName, routeChain, type RouteSpec } from "@netfleet/contracts/routes";

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

function pathOf(route: RouteSpec, params: Params): string | undefined {
  if (route.path === null) return undefined;
  const clean = Object.fromEntries(
    Object.entries(params).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  try {
    return buildPath(route, clean);
  } catch {
    return undefined;
  }
}

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
    to: i === top.length - 1 ? undefined : pathOf(r, params),
  }));

  const tabBars: TabBar[] = [];
  top.forEach((host, i) => {
    const below = top[i + 1] ?? (host.tabs?.includes(host.name) ? host : undefined);
    if (!host.tabs || !below || !host.tabs.includes(below.name)) return;
    const tabs = host.tabs
      .map((name) => routeByName(name))
      .filter((r): r is RouteSpec => !!r && (!viewer || canOpenRoute(r, viewer, params)))
      .flatMap((r) => {
        const to = pathOf(r, params);
        return to ? [{ name: r.name, title: label(r), to }] : [];
      });
    tabBars.push({ host: host.name, active: below.name, tabs });
  });

  const titleRoute = routeByName(tabBars[0]?.host ?? route.name) ?? route;
  return { title: label(titleRoute), crumbs, tabBars };
}
