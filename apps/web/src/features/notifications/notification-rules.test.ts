import { describe, expect, it } from "vitest";
import { type Notification, notificationSchema } from "@netfleet/contracts/schemas/notifications";
import { ApiRequestError, toApiRequestError } from "../../lib/http";
import type { NotificationsPage } from "./api/list-notifications";
import {
  badgeText,
  isUnseen,
  loadFailureMessage,
  moreResourcesTarget,
  offersMoreResources,
  unseenIds,
  withNotificationAdded,
} from "./notification-rules";
import { timeAgo } from "./notification-time";

const notification = (id: number, seen_at: string | null = null): Notification => ({
  id,
  summary: `Notification ${id}`,
  type: "deviceAlert",
  created_at: "2025-03-01T10:00:00.000Z",
  seen_at,
});

const page = (rows: Notification[], total = rows.length): NotificationsPage => ({
  success: true,
  data: rows,
  meta: { total, unseen: unseenIds(rows).length },
});

describe("notification rules", () => {
  it("SH-NOTIF-001 a notification has id, summary, type, created_at and seen_at", () => {
    expect(Object.keys(notificationSchema.shape).sort()).toEqual(
      ["created_at", "id", "seen_at", "summary", "type"].sort(),
    );
    expect(notificationSchema.parse(notification(1))).toEqual(notification(1));
  });

  it("SH-NOTIF-006 a notification is unseen until seen_at is set", () => {
    expect(isUnseen(notification(1))).toBe(true);
    expect(isUnseen(notification(1, "2025-03-01T11:00:00.000Z"))).toBe(false);
  });

  it("SH-NOTIF-007 picks the ids of the unseen notifications", () => {
    const list = [notification(1), notification(2, "2025-03-01T11:00:00.000Z"), notification(3)];
    expect(unseenIds(list)).toEqual([1, 3]);
    expect(unseenIds([notification(2, "2025-03-01T11:00:00.000Z")])).toEqual([]);
  });

  it("SH-NOTIF-009 puts a pushed notification on top, keeps the length and counts it", () => {
    const before = page([notification(2), notification(1, "2025-03-01T11:00:00.000Z")], 5);
    const after = withNotificationAdded(before, notification(3), 2);
    expect(after.data.map((n) => n.id)).toEqual([3, 2]);
    expect(after.meta).toEqual({ total: 6, unseen: 2 });
  });

  it("SH-NOTIF-009 ignores a notification the list already has", () => {
    const before = page([notification(2), notification(1)]);
    expect(withNotificationAdded(before, notification(2), 10)).toBe(before);
  });

  it("SH-ERR-012 a failed load shows the server's first error message", () => {
    const error = new ApiRequestError({
      status: 503,
      errors: [
        { code: "UNAVAILABLE", message: "Notifications are resting", source: null },
        { code: "OTHER", message: "Second", source: null },
      ],
    });
    expect(loadFailureMessage(error, "Failed to get notifications")).toBe(
      "Notifications are resting",
    );
  });

  it("SH-ERR-013 D4 a failed load without a server message says Failed to get notifications", () => {
    expect(
      loadFailureMessage(toApiRequestError(new Error("offline")), "Failed to get notifications"),
    ).toBe("Failed to get notifications");
  });

  it("SH-NOTIF-003 offers more resources for low credits only, at the shop or the credits page", () => {
    expect(offersMoreResources("creditAmountTooLow")).toBe(true);
    expect(offersMoreResources("deviceAlert")).toBe(false);
    expect(moreResourcesTarget({ buy_link: null })).toEqual({
      href: "/resources/credits",
      external: false,
    });
    expect(moreResourcesTarget({ buy_link: "https://shop.example/credits" })).toEqual({
      href: "https://shop.example/credits",
      external: true,
    });
  });

  it("caps the badge at 99+", () => {
    expect(badgeText(7)).toBe("7");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });
});

describe("timeAgo", () => {
  const now = Date.parse("2025-03-01T10:05:00.000Z");

  it("says how long ago, in the user's language", () => {
    expect(timeAgo("2025-03-01T10:00:00.000Z", "en", now)).toBe("5 minutes ago");
    expect(timeAgo("2025-03-01T10:00:00.000Z", "no", now)).toBe("for 5 minutter siden");
    expect(timeAgo("2025-03-01T10:00:00.000Z", "ja", now)).toBe("5 分前");
    expect(timeAgo("2025-03-01T10:00:00.000Z", "uk", now)).toBe("5 хвилин тому");
  });

  it("tells the largest whole unit", () => {
    expect(timeAgo("2025-03-01T10:04:01.000Z", "en", now)).toBe("now");
    expect(timeAgo("2025-03-01T10:04:00.000Z", "en", now)).toBe("1 minute ago");
    expect(timeAgo("2025-03-01T08:05:01.000Z", "en", now)).toBe("1 hour ago");
    expect(timeAgo("2025-02-28T10:05:00.000Z", "en", now)).toBe("yesterday");
    expect(timeAgo("2025-02-01T10:05:00.000Z", "en", now)).toBe("28 days ago");
    expect(timeAgo("2024-12-20T10:05:00.000Z", "en", now)).toBe("2 months ago");
    expect(timeAgo("2023-02-01T10:05:00.000Z", "en", now)).toBe("2 years ago");
  });

  it("never speaks of the future, and gives a dash for an unreadable date", () => {
    expect(timeAgo("2025-03-01T10:05:03.000Z", "en", now)).toBe("now");
    expect(timeAgo("not a date", "en", now)).toBe("—");
  });
});
