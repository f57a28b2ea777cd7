import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ListMeta } from "@netfleet/contracts/envelope";
import type { Notification } from "@netfleet/contracts/schemas/notifications";
import { useFirstPaintShown } from "../../../lib/first-paint";
import { http } from "../../../lib/http";

/** Every query of this feature starts with it, so one invalidation reloads them all. */
export const NOTIFICATIONS_KEY = ["notifications"] as const;

/** `GET /api/notifications`: a page of the user's notifications, newest first. */
export interface NotificationsPage {
  success: true;
  data: Notification[];
  /** `total` matches the filter; `unseen` counts all of the user's unseen ones. */
  meta: ListMeta & { unseen: number };
}

export type SeenFilter = "seen" | "unseen";

export interface ListNotificationsParams {
  limit: number;
  offset: number;
  seen?: SeenFilter;
}

/** Where the list shows: the header's bell lives across pages, the page's list does not. */
export type NotificationsView = "bell" | "page";

export async function listNotifications(
  params: ListNotificationsParams,
  { signal, view = "page" }: { signal?: AbortSignal; view?: NotificationsView } = {},
): Promise<NotificationsPage> {
  const response = await http.get<NotificationsPage>("/api/notifications", {
    params,
    signal,
    // The bell is part of the header: leaving a page must not cancel its load.
    keepOnRouteChange: view === "bell",
  });
  // The rows are the envelope's `data` (SH-HTTP-024).
  return response.data;
}

export function listNotificationsQuery(params: ListNotificationsParams, view: NotificationsView) {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, view, params],
    queryFn: ({ signal }) => listNotifications(params, { signal, view }),
    // Paging and filtering keep the current rows on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(params: ListNotificationsParams, view: NotificationsView) {
  // The bell's list waits for the page to show; the notifications page is the page.
  const shown = useFirstPaintShown();
  return useQuery({ ...listNotificationsQuery(params, view), enabled: view === "page" || shown });
}
