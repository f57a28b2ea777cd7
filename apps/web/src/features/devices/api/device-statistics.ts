import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { DataEnvelope } from "@netfleet/contracts/envelope";
import type { DeviceStatistics } from "@netfleet/contracts/schemas/devices";
import { http } from "../../../lib/http";
import type { DeviceListFilters } from "./list-devices";

export interface DeviceStatisticsParams extends DeviceListFilters {
  q?: string;
  /** Comma-separated: status, model, firmware. */
  charts?: string;
}

export async function getDeviceStatistics(
  params: DeviceStatisticsParams,
  signal?: AbortSignal,
): Promise<DeviceStatistics> {
  const response = await http.get<DataEnvelope<DeviceStatistics>>("/api/devices/statistics", {
    params,
    signal,
  });
  return response.data.data;
}

export const deviceStatisticsQueryKey = ["devices", "statistics"] as const;

export function deviceStatisticsQuery(params: DeviceStatisticsParams, enabled = true) {
  return queryOptions({
    queryKey: [...deviceStatisticsQueryKey, params],
    queryFn: ({ signal }) => getDeviceStatistics(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Counts of the filtered devices by status, model and firmware, for the charts. */
export function useDeviceStatistics(params: DeviceStatisticsParams, enabled = true) {
  return useQuery(deviceStatisticsQuery(params, enabled));
}

/**
 * Every model and firmware of the caller's devices, for the filters' choices: asked when a
 * choice list first opens, then kept for a few minutes.
 */
export function useDeviceFilterChoices(enabled: boolean) {
  return useQuery({
    ...deviceStatisticsQuery({ charts: "model,firmware" }, enabled),
    staleTime: 5 * 60_000,
    placeholderData: undefined,
  });
}
