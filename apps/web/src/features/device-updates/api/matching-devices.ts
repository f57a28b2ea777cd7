import { useQuery } from "@tanstack/react-query";
import type { DeviceListEnvelope } from "@netfleet/contracts/schemas/devices";
import { http } from "../../../lib/http";
import type { DeviceSelectionQuery } from "../../../lib/selection-query";

type FilterSelection = Extract<DeviceSelectionQuery, { filter: unknown }>["filter"];

/** How many devices the device list's `filter` matches now (its `meta`: up to the cap). */
export function useMatchingDevices(filter: FilterSelection | undefined) {
  return useQuery({
    queryKey: ["device-updates", "matching", filter],
    enabled: filter !== undefined,
    queryFn: async ({ signal }) =>
      (
        await http.get<DeviceListEnvelope>("/api/devices", {
          params: { ...filter, limit: 0 },
          signal,
        })
      ).data.meta,
  });
}
