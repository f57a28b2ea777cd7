import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DeviceLocation } from "@netfleet/contracts/schemas/device-page";
import { http } from "../../../../lib/http";
import { rangeParams, type RangeKey } from "../time-range";

export interface DeviceLocationsAnswer {
  data: DeviceLocation[];
  meta: { start_date: string; end_date: string; bucket_seconds: number };
}

/** Where a device has been over a range (`GET /api/devices/{id}/locations/history`). */
export async function getDeviceLocations(
  id: number,
  range: RangeKey,
  signal?: AbortSignal,
): Promise<DeviceLocationsAnswer> {
  const response = await http.get<DeviceLocationsAnswer>(`/api/devices/${id}/locations/history`, {
    params: rangeParams(range),
    signal,
  });
  return response.data;
}

export function deviceLocationsQuery(id: number, range: RangeKey) {
  return queryOptions({
    // The range is relative to now: it is resolved when the query runs, not in the key.
    queryKey: ["devices", id, "locations", range] as const,
    queryFn: ({ signal }) => getDeviceLocations(id, range, signal),
  });
}

export function useDeviceLocations(id: number, range: RangeKey) {
  return useQuery(deviceLocationsQuery(id, range));
}
