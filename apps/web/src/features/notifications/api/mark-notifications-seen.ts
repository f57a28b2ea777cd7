import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notifications as toasts } from "@mantine/notifications/store";
import { i18n } from "../../../lib/i18n";
import { http, toApiRequestError } from "../../../lib/http";
import { NOTIFICATIONS_KEY, listNotifications } from "./list-notifications";

/** The most ids one `PUT /api/notifications` takes. */
const MAX_IDS_PER_CALL = 1000;
/** The largest page the list call serves. */
const MAX_PAGE = 100;

/** `PUT /api/notifications` with the ids to mark as seen (SH-HTTP-025). */
export async function markNotificationsSeen(ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += MAX_IDS_PER_CALL) {
    await http.put("/api/notifications", { id: ids.slice(i, i + MAX_IDS_PER_CALL) });
  }
}

/** Every unseen notification of the user, read page by page, then marked as seen. */
export async function markAllNotificationsSeen(): Promise<void> {
  const ids: number[] = [];
  for (;;) {
    const page = await listNotifications({ limit: MAX_PAGE, offset: ids.length, seen: "unseen" });
    ids.push(...page.data.map((n) => n.id));
    if (page.data.length === 0 || ids.length >= page.meta.total) break;
  }
  if (ids.length > 0) await markNotificationsSeen(ids);
}

/**
 * Marks the given notifications as seen, then reloads every notification list, the bell's
 * badge included (SH-NOTIF-007, SH-NOTIF-008). A failure reloads too: the lists then show
 * what the server holds.
 */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsSeen,
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/** The page's "Mark all as seen"; a failure says so in a toast. */
export function useMarkAllNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsSeen,
    onError: (error) =>
      toasts.show({
        color: "red",
        title: i18n.t("notifications:markAllFailed"),
        message: toApiRequestError(error).message,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
