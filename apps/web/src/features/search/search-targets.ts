import { SEARCH } from "@netfleet/contracts/constants";
import { canOpenRoute, type Viewer } from "@netfleet/contracts/navigation";
import { ROUTES, buildPath, routeByName, type RouteSpec } from "@netfleet/contracts/routes";
import type { SearchResultItem } from "@netfleet/contracts/schemas/search";
import {
  SEARCH_CATEGORY_DEFINITIONS,
  type SearchCategory,
} from "@netfleet/contracts/search-categories";

/** A row of any category; a page carries the path it links to (SH-SEARCH-029). */
export type SearchHit = SearchResultItem & { path?: string };

/** One category's answer: the rows shown and how many match in all (SH-SEARCH-028). */
export interface CategoryResult {
  items: SearchHit[];
  total: number;
}

function withQuery(path: string, text: string): string {
  return `${path}?${new URLSearchParams({ q: text }).toString()}`;
}

function listPath(category: SearchCategory, viewer: Viewer): string | null {
  const name = SEARCH_CATEGORY_DEFINITIONS[category].listRoute;
  const route = name ? routeByName(name) : undefined;
  return route?.path && canOpenRoute(route, viewer) ? buildPath(route) : null;
}

/** "View in table": the category's list page filtered by the query; none for Pages. */
export function viewInTablePath(
  category: SearchCategory,
  term: string,
  viewer: Viewer,
): string | null {
  const path = listPath(category, viewer);
  return path ? withQuery(path, term) : null;
}

/**
 * Where choosing a row leads (SH-SEARCH-027): the item's own page, its `id` filling the
 * route's parameter (`/companies/:company_id` too); where the entity has no page, or the
 * user may not open it, the list page filtered to the row.
 */
export function hitPath(category: SearchCategory, hit: SearchHit, viewer: Viewer): string | null {
  if (category === "pages") return hit.path ?? null;
  const name = SEARCH_CATEGORY_DEFINITIONS[category].itemRoute;
  const route = name ? routeByName(name) : undefined;
  const param = route?.path?.match(/:(\w+)/)?.[1];
  if (route && param && canOpenRoute(route, viewer)) {
    return buildPath(route, { [param]: hit.id });
  }
  const path = listPath(category, viewer);
  const filter = hit.email ?? hit.name;
  return path && filter ? withQuery(path, filter) : path;
}

/** Pages a search can offer: real pages of the console, without parameters to fill. */
function isSearchablePage(route: RouteSpec): route is RouteSpec & { path: string } {
  return (
    route.path !== null &&
    !route.path.includes(":") &&
    !route.standalone &&
    !route.noAuth &&
    !route.keyAccess
  );
}

/**
 * The Pages category, matched in the browser (D10): the titles, as the user reads them,
 * of the pages this user may open that need no parameter, case-insensitively.
 */
export function searchPages(
  term: string,
  viewer: Viewer,
  title: (route: RouteSpec) => string,
): CategoryResult {
  const needle = term.toLocaleLowerCase();
  const seen = new Set<string>();
  const matches: SearchHit[] = [];
  for (const [index, route] of ROUTES.entries()) {
    if (!isSearchablePage(route) || seen.has(route.path) || !canOpenRoute(route, viewer)) continue;
    seen.add(route.path);
    const name = title(route);
    if (needle && name.toLocaleLowerCase().includes(needle)) {
      matches.push({ id: index, name, path: route.path });
    }
  }
  return { items: matches.slice(0, SEARCH.limitPerCategory), total: matches.length };
}
