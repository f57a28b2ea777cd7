import type { Notification, NotificationType } from "@netfleet/contracts/schemas/notifications";
import { buildPath, routeByName } from "@netfleet/contracts/routes";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import { toApiRequestError } from "../../lib/http";
import type { NotificationsPage } from "./api/list-notifications";

/** A notification stays unseen until the server records when it was seen (SH-NOTIF-006). */
export function isUnseen(notification: Pick<Notification, "seen_at">): boolean {
  return notification.seen_at === null;
}

/** The ids to send as seen when the bell's list closes (SH-NOTIF-007). */
export function unseenIds(list: readonly Notification[]): number[] {
  return list.filter(isUnseen).map((n) => n.id);
}

/**
 * A page of notifications with a pushed one on top (SH-NOTIF-009), still `limit` long. A
 * notification already listed changes nothing: the same push may reach a list twice.
 */
export function withNotificationAdded(
  page: NotificationsPage,
  notification: Notification,
  limit: number,
): NotificationsPage {
  if (page.data.some((n) => n.id === notification.id)) return page;
  return {
    ...page,
    data: [notification, ...page.data].slice(0, limit),
    meta: {
      ...page.meta,
      total: page.meta.total + 1,
      unseen: page.meta.unseen + (isUnseen(notification) ? 1 : 0),
    },
  };
}

/** A failed load shows the server's first message, else `fallback` (SH-ERR-012, -013, D4). */
export function loadFailureMessage(error: unknown, fallback: string): string {
  return toApiRequestError(error).errors[0]?.message ?? fallback;
}

/** The badge's text: the count, and "99+" beyond that. */
export function badgeText(unseen: number): string {
  return unseen > 99 ? "99+" : String(unseen);
}

/** Types that come with a way to act on them (SH-NOTIF-003). */
export function offersMoreResources(type: NotificationType): boolean {
  return type === "creditAmountTooLow";
}

/** Where "Get more resources" leads: the installation's shop when it has one, else the credits page. */
export function moreResourcesTarget(theme: Pick<Theme, "buy_link">): {
  href: string;
  external: boolean;
} {
  if (theme.buy_link) return { href: theme.buy_link, external: true };
  const credits = routeByName("services.credit-history");
  return { href: credits ? buildPath(credits, {}) : "/resources/credits", external: false };
}
