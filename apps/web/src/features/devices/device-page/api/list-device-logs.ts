import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { DeviceLog } from "@netfleet/contracts/schemas/device-page";
import { http } from "../../../../lib/http";

export interface DeviceLogsParams {
  limit: number;
  offset: number;
  /** Comma-separated activity types; absent for all. */
  type?: string;
}

/** A page of a device's activity, newest first (`GET /api/devices/{id}/logs`). */
export async function listDeviceLogs(
  id: number,
  params: DeviceLogsParams,
  signal?: AbortSignal,
): Promise<ListEnvelope<DeviceLog>> {
  const response = await http.get<ListEnvelope<DeviceLog>>(`/api/devices/${id}/logs`, {
    params,
    signal,
  });
  return response.data;
}

/** Prefix of every page of a device's activity: a status change reloads them all. */
export const deviceLogsQueryKey = (id: number) => ["devices", id, "logs"] as const;

export function deviceLogsQuery(id: number, params: DeviceLogsParams) {
  return queryOptions({
    queryKey: [...deviceLogsQueryKey(id), params],
    queryFn: ({ signal }) => listDeviceLogs(id, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeviceLogs(id: number, params: DeviceLogsParams) {
  return useQuery(deviceLogsQuery(id, params));
}
