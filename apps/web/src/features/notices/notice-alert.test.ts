import { describe, expect, it } from "vitest";
import type { Notice } from "@netfleet/contracts/schemas/notices";
import {
  NOTICES_DISMISSED_KEY,
  hasUnseenNotices,
  readNoticesDismissedAt,
  storeNoticesDismissedAt,
} from "./notice-alert";

function notice(id: number, enabledAt: string): Notice {
  return { id, type: "info", message: `Notice ${id}`, enabled_at: enabledAt };
}

const NOTICES = [notice(2, "2025-03-02T10:00:00Z"), notice(1, "2025-03-01T10:00:00Z")];

describe("the notices alert", () => {
  it("SH-NOTIF-011 shows Important when no dismissal time is stored", () => {
    expect(hasUnseenNotices(NOTICES, null)).toBe(true);
  });

  it("SH-NOTIF-011 treats an unreadable stored time as none", () => {
    expect(hasUnseenNotices(NOTICES, "yesterday-ish")).toBe(true);
  });

  it("SH-NOTIF-012 shows Important when the newest notice came into force after the dismissal", () => {
    expect(hasUnseenNotices(NOTICES, "2025-03-02T09:59:59Z")).toBe(true);
    // The list's order does not matter: the newest enabled_at counts.
    expect(hasUnseenNotices([...NOTICES].reverse(), "2025-03-01T12:00:00Z")).toBe(true);
  });

  it("SH-NOTIF-012 hides Important once every notice is older than the dismissal", () => {
    expect(hasUnseenNotices(NOTICES, "2025-03-02T10:00:00Z")).toBe(false);
    expect(hasUnseenNotices(NOTICES, "2025-04-01T00:00:00+02:00")).toBe(false);
  });

  it("shows nothing Important without notices", () => {
    expect(hasUnseenNotices([], null)).toBe(false);
  });

  it("SH-CONST-007 D24 keeps the dismissal time in local storage under noticesDismissedAt", () => {
    expect(NOTICES_DISMISSED_KEY).toBe("noticesDismissedAt");
    expect(readNoticesDismissedAt()).toBeNull();

    const stored = storeNoticesDismissedAt(new Date("2025-03-03T08:00:00Z"));

    expect(stored).toBe("2025-03-03T08:00:00.000Z");
    expect(window.localStorage.getItem("noticesDismissedAt")).toBe("2025-03-03T08:00:00.000Z");
    expect(readNoticesDismissedAt()).toBe(stored);
  });
});
