import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DeviceInformation, DeviceSeriesMeta } from "@netfleet/contracts/schemas/device-page";
import { http } from "../../../../lib/http";
import { rangeParams, type RangeKey } from "../time-range";

export interface DeviceInformationAnswer {
  data: DeviceInformation[];
  meta: DeviceSeriesMeta;
}

/** A device's measurements over a range, bucketed by the server (`information-history`). */
export async function getDeviceInformation(
  id: number,
  range: RangeKey,
  signal?: AbortSignal,
): Promise<DeviceInformationAnswer> {
  const response = await http.get<DeviceInformationAnswer>(
    `/api/devices/${id}/information-history`,
    { params: rangeParams(range), signal },
  );
  return response.data;
}

export function deviceInformationQuery(id: number, range: RangeKey) {
  return queryOptions({
    queryKey: ["devices", id, "information", range] as const,
    queryFn: ({ signal }) => getDeviceInformation(id, range, signal),
  });
}

export function useDeviceInformation(id: number, range: RangeKey) {
  return useQuery(deviceInformationQuery(id, range));
}
