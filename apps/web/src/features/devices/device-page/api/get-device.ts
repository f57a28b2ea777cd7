import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { DeviceDetail } from "@netfleet/contracts/schemas/device-page";
import { http } from "../../../../lib/http";

/** One device with everything it reported (`GET /api/devices/{id}`). */
export async function getDevice(id: number, signal?: AbortSignal): Promise<DeviceDetail> {
  const response = await http.get<DataEnvelope<DeviceDetail>>(`/api/devices/${id}`, { signal });
  return response.data.data;
}

/** The key of a device's own answer; live status changes write into it. */
export const deviceQueryKey = (id: number) => ["devices", "detail", id] as const;

export function deviceQuery(id: number) {
  return queryOptions({
    queryKey: deviceQueryKey(id),
    queryFn: ({ signal }) => getDevice(id, signal),
  });
}

/** Asks nothing for an id that cannot be one (0). */
export function useDevice(id: number) {
  return useQuery({ ...deviceQuery(id), enabled: id > 0 });
}
