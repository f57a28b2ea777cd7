import { buildPath, routeByName, type RouteName } from "@netfleet/contracts/routes";

/**
 * The optional `selection` query of the routes that declare `selectionQuery` (contracts
 * routes.ts): device ids, comma-joined as every list in a query is (shell §7).
 */
export const SELECTION_PARAM = "selection";

/** The ids the query names: positive integers, each once. */
export function readSelection(params: URLSearchParams): number[] {
  const ids = (params.get(SELECTION_PARAM) ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

/** A selection route's path with `ids` as its selection. */
export function selectionPath(name: RouteName, ids: readonly number[]): string {
  const route = routeByName(name);
  if (!route?.selectionQuery) throw new Error(`Route ${name} takes no selection`);
  const query = ids.length > 0 ? `?${SELECTION_PARAM}=${ids.join(",")}` : "";
  return `${buildPath(route)}${query}`;
}
