import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListEnvelope } from "@netfleet/contracts/envelope";
import type { Notice } from "@netfleet/contracts/schemas/notices";
import { useFirstPaintShown } from "../../../lib/first-paint";
import { http } from "../../../lib/http";

/** Every query of this feature starts with it, so one invalidation refreshes them all. */
export const NOTICES_KEY = ["notices"] as const;

/** The notices in force, newest `enabled_at` first. */
export async function listNotices(signal?: AbortSignal): Promise<ListEnvelope<Notice>> {
  // A header call, not the page's: leaving the page must not cancel it.
  const response = await http.get<ListEnvelope<Notice>>("/api/notices", {
    signal,
    keepOnRouteChange: true,
  });
  return response.data;
}

/**
 * The route name is part of the key although the call does not send it: every route
 * change is a new query, so the notices load again (shell §2).
 */
export function listNoticesQuery(routeName: string | null) {
  return queryOptions({
    queryKey: [...NOTICES_KEY, "current", routeName],
    queryFn: ({ signal }) => listNotices(signal),
    staleTime: 0,
    // A failure hides the widget (SH-ERR-014); retrying would only show it late.
    retry: false,
    // The previous route's notices stay on screen while the next load runs.
    placeholderData: keepPreviousData,
  });
}

export function useNotices(routeName: string | null) {
  return useQuery({ ...listNoticesQuery(routeName), enabled: useFirstPaintShown() });
}
