import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { CancelUpdatesBody, PendingUpdate } from "@netfleet/contracts/schemas/device-updates";
import { http } from "../../../lib/http";

/** Prefix of every page of the list: a cancel and a new rollout reload it by this key. */
export const pendingUpdatesQueryKey = ["device-updates", "pending"] as const;

export function usePendingUpdates(params: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...pendingUpdatesQueryKey, params],
    queryFn: async ({ signal }) =>
      (
        await http.get<ListEnvelope<PendingUpdate>>("/api/devices/updates/pending", {
          params,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Cancels one waiting update; answers the server's message. */
export async function cancelPendingUpdate(update: PendingUpdate): Promise<string | undefined> {
  const body: CancelUpdatesBody = { data: [{ id: update.device_id, job_id: [update.id] }] };
  return (await http.post<{ message?: string }>("/api/devices/updates/cancel", body)).data.message;
}
