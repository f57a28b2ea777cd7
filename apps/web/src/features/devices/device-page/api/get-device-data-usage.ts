import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DeviceDataUsage, DeviceDataUsageMeta } from "@netfleet/contracts/schemas/device-page";
import { http } from "../../../../lib/http";
import { rangeParams, type RangeKey } from "../time-range";

export interface DeviceDataUsageAnswer {
  data: DeviceDataUsage[];
  meta: DeviceDataUsageMeta;
}

/** Bytes a device sent and received per hour or day (`GET /api/devices/{id}/data-usage`). */
export async function getDeviceDataUsage(
  id: number,
  range: RangeKey,
  signal?: AbortSignal,
): Promise<DeviceDataUsageAnswer> {
  const response = await http.get<DeviceDataUsageAnswer>(`/api/devices/${id}/data-usage`, {
    params: rangeParams(range),
    signal,
  });
  return response.data;
}

export function deviceDataUsageQuery(id: number, range: RangeKey) {
  return queryOptions({
    queryKey: ["devices", id, "data-usage", range] as const,
    queryFn: ({ signal }) => getDeviceDataUsage(id, range, signal),
  });
}

export function useDeviceDataUsage(id: number, range: RangeKey) {
  return useQuery(deviceDataUsageQuery(id, range));
}
