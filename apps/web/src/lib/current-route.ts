import { useMatches, useParams } from "./router";
import { buildPath, routeByName, type RouteSpec } from "@netfleet/contracts/routes";

/** What every route object of the router carries: the route table's name, or null for `*`. */
export interface RouteHandle {
  routeName: string | null;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && "routeName" in value;
}

export interface CurrentRoute {
  /** The matched entry of the route table; undefined for an unknown path. */
  route: RouteSpec | undefined;
  params: Readonly<Record<string, string | undefined>>;
}

/** The deepest matched route of the table and the URL's parameters. */
export function useCurrentRoute(): CurrentRoute {
  const matches = useMatches();
  const params = useParams();
  const handle = [...matches].reverse().find((m) => isRouteHandle(m.handle))?.handle;
  const name = isRouteHandle(handle) ? handle.routeName : null;
  return { route: name ? routeByName(name) : undefined, params };
}

/**
 * The page area's transition key (shell §2 Layout): a new `id`, `company_id` or `name`
 * means a different item, so the page animates in afresh; moving between tabs of one item
 * does not.
 */
export function transitionKey(
  route: RouteSpec | undefined,
  params: Readonly<Record<string, string | undefined>>,
): string {
  if (route?.transition === false) return "static";
  return params.id ?? params.company_id ?? params.name ?? "page";
}

/** The route's path with the current URL's parameters, or undefined when one is missing. */
export function pathWithParams(
  route: RouteSpec,
  params: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (route.path === null) return undefined;
  const given = Object.fromEntries(
    Object.entries(params).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  try {
    return buildPath(route, given);
  } catch {
    return undefined;
  }
}

const deviceInfo = routeByName("device.info");

/** A device's page, `/devices/{id}`. */
export function devicePath(id: number): string {
  return deviceInfo ? buildPath(deviceInfo, { id }) : `/devices/${id}`;
}
