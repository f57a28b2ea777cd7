import { useState } from "react";
import { DEFAULT_DEVICE_LIST_DEFINITION } from "@netfleet/contracts/devices/list-definition";
import { PAGE_SIZES, tablePreferencesKey } from "../../components/ui/server-list";
import { type ListSort, formatSort, parseSort } from "../../lib/list-sort";
import { useRemoteValue } from "../../lib/remote-storage";
import { FILTER_KEYS, readDeviceFilters } from "../../lib/selection-query";
import { useUrlParams, useUrlSearch } from "../../lib/url-params";
import { DEVICE_LIST_FIELDS, type DeviceSortKey, type ListDevicesParams } from "./api/list-devices";

export const DEVICES_PAGE_SIZE = 25;

export const DEVICE_SORT_KEYS = [
  "name",
  "serial",
  "mac",
  "model",
  "firmware",
  "status",
  "company_name",
  "created_at",
] as const satisfies readonly DeviceSortKey[];

/** Every column the list can show: the definition's fields, the status, and what devices report. */
export const DEVICE_COLUMNS = [
  "name",
  "status",
  "model",
  "firmware",
  "company_name",
  "tags",
  "serial",
  "mac",
  "created_at",
  "signal",
  "operator",
  "connection_type",
  "wan_ip",
  "last_connection_at",
] as const;
export type DeviceColumn = (typeof DEVICE_COLUMNS)[number];

/** The default definition's fields (FM-ENTITY-007), with the connection status after the name. */
export const DEFAULT_DEVICE_COLUMNS: readonly DeviceColumn[] = DEFAULT_DEVICE_LIST_DEFINITION.fields
  .map((field) => field.key)
  .flatMap((key): DeviceColumn[] => (key === "name" ? ["name", "status"] : [key]));

export type FilterKey = (typeof FILTER_KEYS)[number];

/** The list's preferences in remote storage (`table.devices`), which follow the user. */
export interface DeviceListPreferences {
  pageSize?: number;
  columns?: DeviceColumn[];
  /** False once the user hid the charts. */
  charts?: boolean;
}

const PREFERENCES_KEY = tablePreferencesKey("devices");

const pageSizes: readonly number[] = [...new Set([...PAGE_SIZES, DEVICES_PAGE_SIZE])].sort(
  (a, b) => a - b,
);

/** What is stored, as far as it makes sense; anything else reads as not chosen. */
function parsePreferences(raw: unknown): DeviceListPreferences | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const value = raw as Record<string, unknown>;
  const preferences: DeviceListPreferences = {};
  if (typeof value.pageSize === "number" && pageSizes.includes(value.pageSize))
    preferences.pageSize = value.pageSize;
  if (Array.isArray(value.columns)) {
    const columns = DEVICE_COLUMNS.filter((c) => (value.columns as unknown[]).includes(c));
    if (columns.length > 0) preferences.columns = columns;
  }
  if (typeof value.charts === "boolean") preferences.charts = value.charts;
  return preferences;
}

/**
 * The device list's state. What it shows is kept in the URL (`?q=&sort=&page=`, the
 * filters by their API names, and a cursor `after` or `before` when paging past what an
 * offset reaches) so that reloading, sharing and Back show the same view. Page size, columns
 * and whether the charts show are preferences kept in remote storage.
 */
export function useDeviceListState() {
  const [params, update] = useUrlParams();
  const q = params.get("q") ?? "";
  const sort = parseSort(params.get("sort"), DEVICE_SORT_KEYS);
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const after = params.get("after") ?? undefined;
  const before = after === undefined ? (params.get("before") ?? undefined) : undefined;
  const filters = readDeviceFilters(params);
  const preferences = useRemoteValue(PREFERENCES_KEY, parsePreferences);
  const stored = preferences.value ?? {};
  // A choice made here applies at once and for as long as the list is shown, stored or not.
  const [chosen, setChosen] = useState<DeviceListPreferences>({});
  const current = { ...stored, ...chosen };
  const pageSize = current.pageSize ?? DEVICES_PAGE_SIZE;

  const keep = (next: DeviceListPreferences) => {
    setChosen((old) => ({ ...old, ...next }));
    // A preference is a convenience: failing to keep it changes nothing on screen.
    preferences.set({ ...current, ...next }).catch(() => undefined);
  };

  /** A new question starts again at the first page. */
  const restart = { page: null, after: null, before: null };

  const searchBox = useUrlSearch(q, update, restart);

  const listParams: ListDevicesParams = {
    limit: pageSize,
    ...(after !== undefined
      ? { after }
      : before !== undefined
        ? { before }
        : { offset: (page - 1) * pageSize }),
    q: q || undefined,
    sort: sort ? formatSort(sort) : undefined,
    fields: DEVICE_LIST_FIELDS,
    ...filters,
  };

  return {
    q,
    ...searchBox,
    sort,
    page,
    pageSize,
    pageSizes,
    /** Paging by cursor: the pages shown are counted from where the walk started. */
    cursorPaging: after !== undefined || before !== undefined,
    filters,
    params: listParams,
    columns: current.columns ?? DEFAULT_DEVICE_COLUMNS,
    chartsShown: current.charts ?? true,
    changeSort: (next: ListSort<DeviceSortKey>) => update({ sort: formatSort(next), ...restart }),
    setFilter: (key: FilterKey, value: string | number | undefined) =>
      update({ [key]: value === undefined ? null : String(value), ...restart }),
    clearFilters: () =>
      update({ ...Object.fromEntries(FILTER_KEYS.map((key) => [key, null])), ...restart }),
    /** A numbered page, read by offset. */
    changePage: (next: number) =>
      update({ page: next > 1 ? String(next) : null, after: null, before: null }),
    nextPage: (token: string) => update({ page: String(page + 1), after: token, before: null }),
    previousPage: (token: string) =>
      update({
        page: page > 2 ? String(page - 1) : null,
        before: page > 2 ? token : null,
        after: null,
      }),
    changePageSize: (size: number) => {
      const next =
        after === undefined && before === undefined
          ? Math.floor(((page - 1) * pageSize) / size) + 1
          : 1;
      keep({ pageSize: size });
      update({ page: next > 1 ? String(next) : null, after: null, before: null });
    },
    changeColumns: (columns: DeviceColumn[]) => keep({ columns }),
    changeChartsShown: (shown: boolean) => keep({ charts: shown }),
  };
}

export type DeviceListState = ReturnType<typeof useDeviceListState>;
