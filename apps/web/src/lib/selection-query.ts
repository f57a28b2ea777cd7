import { DEVICE_STATUS_FILTERS, SIGNAL_BUCKETS } from "@netfleet/contracts/devices/list-filters";
import { buildPath, routeByName, type RouteName } from "@netfleet/contracts/routes";
import type { DeviceFilters } from "@netfleet/contracts/schemas/devices";

/**
 * The optional `selection` query of the routes that declare `selectionQuery` (contracts
 * routes.ts): device ids, comma-joined as every list in a query is (shell §7), or `all`,
 * every device the device list's filters match, those filters following under the names
 * the list's own URL gives them.
 */
export const SELECTION_PARAM = "selection";
const ALL_MATCHING = "all";

/** The filters the device list keeps in its URL, by their API names. */
export type DeviceListFilters = Pick<
  DeviceFilters,
  "status" | "model" | "firmware" | "company_id" | "tag_id" | "signal"
>;

/** The device list's filters in a URL; `q`, the text search, is not one of them. */
export const FILTER_KEYS = [
  "status",
  "model",
  "firmware",
  "company_id",
  "tag_id",
  "signal",
] as const satisfies readonly (keyof DeviceListFilters)[];

/** The device list's filters as its URL has them; anything unknown or malformed is left out. */
export function readDeviceFilters(params: URLSearchParams): DeviceListFilters {
  const filters: DeviceListFilters = {};
  const status = params.get("status");
  if ((DEVICE_STATUS_FILTERS as readonly (string | null)[]).includes(status))
    filters.status = status as DeviceListFilters["status"];
  const signal = params.get("signal");
  if ((SIGNAL_BUCKETS as readonly (string | null)[]).includes(signal))
    filters.signal = signal as DeviceListFilters["signal"];
  for (const key of ["model", "firmware"] as const) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  for (const key of ["company_id", "tag_id"] as const) {
    const value = Number(params.get(key));
    if (Number.isInteger(value) && value > 0) filters[key] = value;
  }
  return filters;
}

/** A selection as a bulk action's body names it. */
export type DeviceSelectionQuery =
  { device_id: number[] } | { filter: DeviceListFilters & { q?: string } };

/** The selection the query names, or null. Ids are positive integers, each once. */
export function readSelection(params: URLSearchParams): DeviceSelectionQuery | null {
  const raw = params.get(SELECTION_PARAM) ?? "";
  if (raw === ALL_MATCHING) {
    const q = params.get("q")?.trim();
    return { filter: { ...(q ? { q } : {}), ...readDeviceFilters(params) } };
  }
  const ids = raw
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);
  return ids.length > 0 ? { device_id: [...new Set(ids)] } : null;
}

/** The query parameters that carry `selection`, all of them null when there is none. */
export function selectionParams(selection: DeviceSelectionQuery | null) {
  const params: Record<string, string | null> = { [SELECTION_PARAM]: null, q: null };
  for (const key of FILTER_KEYS) params[key] = null;
  if (selection && "device_id" in selection) {
    params[SELECTION_PARAM] = selection.device_id.join(",");
  } else if (selection) {
    params[SELECTION_PARAM] = ALL_MATCHING;
    for (const [key, value] of Object.entries(selection.filter)) {
      if (value !== undefined && value !== "") params[key] = String(value);
    }
  }
  return params;
}

/** A selection route's path with `selection` in its query. */
export function selectionPath(name: RouteName, selection: DeviceSelectionQuery): string {
  const route = routeByName(name);
  if (!route?.selectionQuery) throw new Error(`Route ${name} takes no selection`);
  // Commas stay readable, as in every list the console puts in a query.
  const query = Object.entries(selectionParams(selection))
    .flatMap(([key, value]) =>
      value === null ? [] : [`${key}=${encodeURIComponent(value).replaceAll("%2C", ",")}`],
    )
    .join("&");
  return `${buildPath(route)}${query ? `?${query}` : ""}`;
}
