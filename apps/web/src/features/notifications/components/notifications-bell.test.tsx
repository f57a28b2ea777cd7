import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { Notification } from "@netfleet/contracts/schemas/notifications";
import { appConfigQuery, FALLBACK_APP_CONFIG } from "../../../lib/app-config";
import { setSessionState } from "../../../lib/http";
import { failure, fakeApi, type FakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { testTheme, testUser } from "../../../test/users";
import type { createFakeSocket } from "../../../test/fake-socket";
import { NotificationsBell } from "./notifications-bell";

const fake = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSocket> | undefined,
}));

vi.mock("socket.io-client", async () => {
  const { createFakeSocket: create } = await import("../../../test/fake-socket");
  fake.current = create();
  return { io: () => fake.current?.socket };
});

const MINUTE = 60_000;

function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    summary: `Router ${id} went offline`,
    type: "deviceAlert",
    created_at: new Date(Date.now() - id * 5 * MINUTE).toISOString(),
    seen_at: null,
    ...overrides,
  };
}

function listReply(rows: Notification[]) {
  return {
    status: 200,
    body: {
      success: true,
      data: rows,
      meta: { total: rows.length, unseen: rows.filter((n) => n.seen_at === null).length },
    },
  };
}

const SEEN = "2025-03-01T10:00:00.000Z";

function renderBell(userId = 7) {
  const rendered = renderPage(<NotificationsBell user={testUser({ id: userId })} />, {
    url: "/management/devices",
  });
  const bell = () => screen.getByRole("button", { name: "Notifications" });
  const open = async () => {
    await rendered.user.click(bell());
    return screen.findByRole("region", { name: "Notifications" });
  };
  return { ...rendered, bell, open };
}

beforeEach(() => {
  setSessionState("authenticated");
});

afterEach(() => {
  setSessionState("unauthenticated");
});

describe("NotificationsBell", () => {
  it("SH-NOTIF-002 SH-HTTP-024 lists the newest notifications with their relative time and summary", async () => {
    const api = fakeApi().on(
      "GET",
      "/api/notifications",
      listReply([notification(1), notification(2, { seen_at: SEEN })]),
    );
    const { open, bell } = renderBell();

    await waitFor(() => expect(bell()).toHaveAccessibleDescription("1 unseen"));
    const panel = await open();
    const items = within(panel).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("Router 1 went offline");
    expect(within(items[0]!).getByText("5 minutes ago")).toBeVisible();
    expect(within(items[0]!).getByText("Unseen")).toBeInTheDocument();
    expect(items[1]).toHaveTextContent("Router 2 went offline");
    expect(within(items[1]!).getByText("10 minutes ago")).toBeVisible();
    expect(within(items[1]!).queryByText("Unseen")).not.toBeInTheDocument();
    expect(within(items[0]!).getByRole("img", { name: "Device alert" })).toBeVisible();
    expect(api.calls("GET", "/api/notifications")[0]?.search).toBe("?limit=10&offset=0");
  });

  it("SH-NOTIF-003 a low-credit notification links to the credits page", async () => {
    fakeApi().on(
      "GET",
      "/api/notifications",
      listReply([notification(1, { type: "creditAmountTooLow" }), notification(2)]),
    );
    const { open } = renderBell();
    const panel = await open();

    const links = await within(panel).findAllByRole("link", { name: "Get more resources" });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute("href", "/resources/credits");
    expect(within(panel).getAllByRole("listitem")[0]).toContainElement(links[0]!);
  });

  it("SH-NOTIF-003 a low-credit notification links to the theme's shop when it has one", async () => {
    fakeApi().on(
      "GET",
      "/api/notifications",
      listReply([notification(1, { type: "creditAmountTooLow" })]),
    );
    const { open, queryClient } = renderBell();
    queryClient.setQueryData(appConfigQuery().queryKey, {
      ...FALLBACK_APP_CONFIG,
      theme: testTheme({ buy_link: "https://shop.example/credits" }),
    });
    const panel = await open();

    const link = await within(panel).findByRole("link", { name: "Get more resources" });
    expect(link).toHaveAttribute("href", "https://shop.example/credits");
    expect(link).toHaveAttribute("target", "_blank");
  });

  it("SH-NOTIF-004 links to all notifications", async () => {
    fakeApi().on("GET", "/api/notifications", listReply([notification(1)]));
    const { open, user, router } = renderBell();
    const panel = await open();

    const link = within(panel).getByRole("link", { name: "Show all notifications" });
    expect(link).toHaveAttribute("href", "/notifications");
    await user.click(link);
    expect(router.state.location.pathname).toBe("/notifications");
  });

  it("SH-NOTIF-005 says No notifications when there are none", async () => {
    fakeApi().on("GET", "/api/notifications", listReply([]));
    const { open, bell } = renderBell();
    const panel = await open();

    expect(await within(panel).findByText("No notifications")).toBeVisible();
    expect(within(panel).queryByRole("listitem")).not.toBeInTheDocument();
    expect(bell()).not.toHaveAccessibleDescription();
  });

  it("SH-NOTIF-007 SH-NOTIF-008 SH-HTTP-025 closing sends the unseen ids as seen, then reloads the list", async () => {
    let seen = false;
    const api = fakeApi()
      .on("GET", "/api/notifications", () =>
        listReply([
          notification(1, { seen_at: seen ? SEEN : null }),
          notification(2, { seen_at: SEEN }),
          notification(3, { seen_at: seen ? SEEN : null }),
        ]),
      )
      .on("PUT", "/api/notifications", () => {
        seen = true;
        return { status: 200, body: { success: true } };
      });
    const { open, bell, user } = renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleDescription("2 unseen"));

    await open();
    await user.click(bell());

    await waitFor(() => expect(bell()).not.toHaveAccessibleDescription());
    const puts = api.calls("PUT", "/api/notifications");
    expect(puts.map((r) => r.body)).toEqual([{ id: [1, 3] }]);
    const order = api.requests.map((r: FakeRequest) => r.method);
    expect(order.lastIndexOf("GET")).toBeGreaterThan(order.indexOf("PUT"));
  });

  it("SH-NOTIF-007 closing with nothing unseen sends nothing", async () => {
    const api = fakeApi().on(
      "GET",
      "/api/notifications",
      listReply([notification(1, { seen_at: SEEN })]),
    );
    const { open, user } = renderBell();
    const panel = await open();
    await within(panel).findByText("Router 1 went offline");

    await user.keyboard("{Escape}");

    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Notifications" })).not.toBeInTheDocument(),
    );
    expect(api.calls("PUT", "/api/notifications")).toHaveLength(0);
  });

  it("SH-ERR-012 a failed load shows the server's first message", async () => {
    fakeApi().on(
      "GET",
      "/api/notifications",
      failure(503, "UNAVAILABLE", "Notifications are being upgraded"),
    );
    const { open } = renderBell();
    const panel = await open();

    expect(await within(panel).findByRole("alert")).toHaveTextContent(
      "Notifications are being upgraded",
    );
  });

  it("SH-ERR-013 D4 a failed load without a server message says Failed to get notifications", async () => {
    fakeApi().on("GET", "/api/notifications", { status: 502, body: "<html>Bad gateway</html>" });
    const { open } = renderBell();
    const panel = await open();

    const alert = await within(panel).findByRole("alert");
    expect(alert).toHaveTextContent(/^Failed to get notificationsTry again$/);
  });

  it("SH-NOTIF-009 a notification pushed on the user's channel joins the top at once", async () => {
    const api = fakeApi().on("GET", "/api/notifications", listReply([notification(1)]));
    const { open, bell } = renderBell(7);
    const panel = await open();
    await within(panel).findByText("Router 1 went offline");
    const loads = api.calls("GET", "/api/notifications").length;

    expect(fake.current?.sent).toContainEqual([
      "subscribe",
      { channel: "private-notifications.7" },
    ]);
    fake.current?.push("private-notifications.8", "WebNotificationCreated", notification(8));
    fake.current?.push(
      "private-notifications.7",
      "WebNotificationCreated",
      notification(9, { summary: "Credits are running low", created_at: new Date().toISOString() }),
    );

    await waitFor(() =>
      expect(within(panel).getAllByRole("listitem")[0]).toHaveTextContent(
        "Credits are running low",
      ),
    );
    expect(within(panel).getAllByRole("listitem")).toHaveLength(2);
    expect(within(panel).queryByText("Router 8 went offline")).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleDescription("2 unseen");
    expect(api.calls("GET", "/api/notifications")).toHaveLength(loads);
  });

  it("leaves the channel when it unmounts", async () => {
    fakeApi().on("GET", "/api/notifications", listReply([]));
    const { unmount } = renderBell(11);
    await waitFor(() =>
      expect(fake.current?.sent).toContainEqual([
        "subscribe",
        { channel: "private-notifications.11" },
      ]),
    );
    unmount();
    expect(fake.current?.sent.at(-1)).toEqual([
      "unsubscribe",
      { channel: "private-notifications.11" },
    ]);
  });
});
