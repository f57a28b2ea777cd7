import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { DeviceListItem } from "@netfleet/contracts/schemas/devices";
import { http } from "../../../lib/http";

/** Columns the list can be sorted by. */
export type DeviceSortKey =
  "name" | "serial" | "mac" | "model" | "firmware" | "status" | "company_name" | "created_at";

export interface ListDevicesParams {
  limit: number;
  offset: number;
  q?: string;
  /** Comma-separated sort keys, `-` for descending: `-created_at,name`. */
  sort?: string;
}

export async function listDevices(
  params: ListDevicesParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<DeviceListItem>> {
  const response = await http.get<ListEnvelope<DeviceListItem>>("/api/devices", { params, signal });
  return response.data;
}

export function listDevicesQuery(params: ListDevicesParams) {
  return queryOptions({
    queryKey: ["devices", "list", params],
    queryFn: ({ signal }) => listDevices(params, signal),
    // Paging, sorting and searching keep the current rows on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useDevices(params: ListDevicesParams) {
  return useQuery(listDevicesQuery(params));
}
