import type { Notification } from "@netfleet/contracts/schemas/notifications";
import type { NotificationRow } from "./notifications.repo";

/** The wire shape of a notification, for the list and for the realtime push alike. */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    summary: row.summary,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    seen_at: row.seenAt?.toISOString() ?? null,
  };
}
