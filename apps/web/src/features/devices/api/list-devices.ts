import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { DeviceListEnvelope } from "@netfleet/contracts/schemas/devices";
import { http } from "../../../lib/http";
import type { DeviceListFilters } from "../../../lib/selection-query";

/** Columns the list can be sorted by. */
export type DeviceSortKey =
  "name" | "serial" | "mac" | "model" | "firmware" | "status" | "company_name" | "created_at";

export type { DeviceListFilters };

export interface ListDevicesParams extends DeviceListFilters {
  limit: number;
  /** Used when there is no cursor. */
  offset?: number;
  q?: string;
  /** Comma-separated sort keys, `-` for descending: `-created_at,name`. */
  sort?: string;
  /** The page after this cursor (`meta.next` of an answer), or before it (`meta.prev`). */
  after?: string;
  before?: string;
  fields?: string;
}

/** What the list shows: the answer carries only these fields (a device has many more). */
export const DEVICE_LIST_FIELDS = [
  "id",
  "name",
  "status",
  "model",
  "firmware",
  "company_id",
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
].join(",");

/** Prefix of every page of the list: edits and live updates change the cached pages by it. */
export const devicesListQueryKey = ["devices", "list"] as const;

export async function listDevices(
  params: ListDevicesParams,
  signal?: AbortSignal,
): Promise<DeviceListEnvelope> {
  const response = await http.get<DeviceListEnvelope>("/api/devices", { params, signal });
  return response.data;
}

export function listDevicesQuery(params: ListDevicesParams) {
  return queryOptions({
    queryKey: [...devicesListQueryKey, params],
    queryFn: ({ signal }) => listDevices(params, signal),
    // Paging, sorting and filtering keep the current rows on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useDevices(params: ListDevicesParams) {
  return useQuery(listDevicesQuery(params));
}
