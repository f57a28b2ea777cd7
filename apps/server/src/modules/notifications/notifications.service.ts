import {
  NOTIFICATION_CREATED_EVENT,
  notificationChannel,
  type Notification,
  type NotificationType,
} from "@netfleet/contracts/schemas/notifications";
import type { AppContext } from "../../app-context";
import { presentNotification } from "./notifications.presenter";
import { notificationsRepo } from "./notifications.repo";

/**
 * The one way a notification comes to be: stored for each user in one transaction, then
 * pushed on each user's channel, so a push never announces a row that is not there.
 */
export async function notifyUsers(
  ctx: Pick<AppContext, "db" | "realtime">,
  userIds: readonly number[],
  input: { type: NotificationType; summary: string },
): Promise<Notification[]> {
  const recipients = [...new Set(userIds)];
  if (!recipients.length) return [];
  const rows = await ctx.db.transaction((tx) => notificationsRepo(tx).insert(recipients, input));
  const presented = rows.map(presentNotification);
  rows.forEach((row, i) =>
    ctx.realtime.publish(
      notificationChannel(row.userId),
      NOTIFICATION_CREATED_EVENT,
      presented[i]!,
    ),
  );
  return presented;
}
