import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { Notification } from "@netfleet/contracts/schemas/notifications";
import { setSessionState } from "../../../lib/http";
import { failure, fakeApi, type FakeRequest } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { testUser } from "../../../test/users";
import type { createFakeSocket } from "../../../test/fake-socket";
import { NotificationsList } from "./notifications-list";

const fake = vi.hoisted(() => ({
  current: undefined as ReturnType<typeof createFakeSocket> | undefined,
}));

vi.mock("socket.io-client", async () => {
  const { createFakeSocket: create } = await import("../../../test/fake-socket");
  fake.current = create();
  return { io: () => fake.current?.socket };
});

const SEEN = "2025-03-01T10:00:00.000Z";

function notification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    summary: `Notification ${id}`,
    type: "deviceAlert",
    created_at: new Date(2025, 1, 1, 12, 0, 0).toISOString(),
    seen_at: id % 2 === 0 ? SEEN : null,
    ...overrides,
  };
}

/** The server: `total` notifications, newest (highest id) first, filtered and paged. */
function server(total: number) {
  const all = Array.from({ length: total }, (_, i) => notification(total - i));
  return (request: FakeRequest) => {
    const seen = request.query.get("seen");
    const rows = all.filter((n) =>
      seen === "seen" ? n.seen_at !== null : seen === "unseen" ? n.seen_at === null : true,
    );
    const limit = Number(request.query.get("limit"));
    const offset = Number(request.query.get("offset"));
    return {
      status: 200,
      body: {
        success: true,
        data: rows.slice(offset, offset + limit),
        meta: { total: rows.length, unseen: all.filter((n) => n.seen_at === null).length },
      },
    };
  };
}

function renderList(url = "/notifications") {
  return renderPage(<NotificationsList user={testUser({ id: 7 })} />, {
    url,
    path: "/notifications",
  });
}

// Role queries over twenty rows are slow in jsdom; the list is found by its label instead.
const rows = () =>
  Array.from(screen.getByLabelText("Notifications", { selector: "ul" }).children) as HTMLElement[];

beforeEach(() => {
  setSessionState("authenticated");
});

afterEach(() => {
  setSessionState("unauthenticated");
});

describe("NotificationsList", () => {
  it("shows 20 notifications a page with type, summary, times and seen state, and pages on the server", async () => {
    const api = fakeApi().on("GET", "/api/notifications", server(25));
    const { user } = renderList();

    await screen.findByText("Notification 25");
    const page = rows();
    expect(page).toHaveLength(20);
    const first = page[0]!;
    expect(within(first).getByLabelText("Device alert")).toHaveAttribute("role", "img");
    expect(within(first).getByText("Unseen")).toBeVisible();
    expect(within(first).getByText("2025-02-01 12:00:00")).toBeVisible();
    expect(first).toHaveTextContent(/Device alert · 2025-02-01 12:00:00 \((.+ ago|last year)\)$/);
    expect(page[1]).toHaveTextContent(/(ago|last year)\) · Seen \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(within(page[1]!).queryByText("Unseen")).not.toBeInTheDocument();
    expect(screen.getByText("1–20 of 25")).toBeVisible();
    expect(api.requests[0]?.search).toBe("?limit=20&offset=0");

    await user.click(screen.getByLabelText("Next page"));
    expect(await screen.findByText("Notification 5")).toBeVisible();
    expect(screen.getByText("21–25 of 25")).toBeVisible();
    expect(api.requests.at(-1)?.query.get("offset")).toBe("20");
  });

  it("filters by seen state, kept in the URL", async () => {
    const api = fakeApi().on("GET", "/api/notifications", server(6));
    const { user, router } = renderList();
    await screen.findByText("Notification 6");

    await user.click(screen.getByRole("radio", { name: "Unseen" }));
    await waitFor(() =>
      expect(rows().map((r) => r.textContent)).toEqual([
        expect.stringContaining("Notification 5"),
        expect.stringContaining("Notification 3"),
        expect.stringContaining("Notification 1"),
      ]),
    );
    expect(router.state.location.search).toBe("?seen=unseen");
    expect(api.requests.at(-1)?.query.get("seen")).toBe("unseen");

    await user.click(screen.getByRole("radio", { name: "All" }));
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(router.state.location.search).toBe("");
    expect(api.requests.at(-1)?.query.has("seen")).toBe(false);
  });

  it("opens on the filter and page the URL names", async () => {
    const api = fakeApi().on("GET", "/api/notifications", server(60));
    renderList("/notifications?seen=seen&page=2");

    await screen.findByText("Notification 20");
    expect(screen.getByRole("radio", { name: "Seen" })).toBeChecked();
    expect(api.requests[0]?.search).toBe("?limit=20&offset=20&seen=seen");
  });

  it("SH-NOTIF-007 SH-HTTP-025 Mark all as seen sends every unseen id and reloads", async () => {
    let marked: number[] = [];
    const serve = server(250);
    const api = fakeApi()
      .on("GET", "/api/notifications", (request) => {
        const reply = serve(request);
        const body = reply.body;
        body.data = body.data.map((n) => (marked.includes(n.id) ? { ...n, seen_at: SEEN } : n));
        if (marked.length > 0) body.meta.unseen = 0;
        return reply;
      })
      .on("PUT", "/api/notifications", (request) => {
        marked = (request.body as { id: number[] }).id;
        return { status: 200, body: { success: true } };
      });
    const { user } = renderList();
    await screen.findByText("Notification 250");

    await user.click(screen.getByRole("button", { name: "Mark all as seen" }));

    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Mark all as seen" })).toBeDisabled(),
    );
    const unseenPages = api
      .calls("GET", "/api/notifications")
      .filter((r) => r.query.get("seen") === "unseen");
    expect(unseenPages.map((r) => r.search)).toEqual([
      "?limit=100&offset=0&seen=unseen",
      "?limit=100&offset=100&seen=unseen",
    ]);
    expect(marked).toHaveLength(125);
    expect(marked.every((id) => id % 2 === 1)).toBe(true);
    expect(within(rows()[0]!).queryByText("Unseen")).not.toBeInTheDocument();
  });

  it("SH-NOTIF-005 says No notifications when there are none", async () => {
    fakeApi().on("GET", "/api/notifications", server(0));
    renderList();

    expect(await screen.findByRole("heading", { name: "No notifications" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Mark all as seen" })).toBeDisabled();
  });

  it("SH-ERR-012 a failed load shows the server's first message", async () => {
    fakeApi().on("GET", "/api/notifications", failure(500, "INTERNAL", "Database is asleep"));
    renderList();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to get notifications");
    expect(alert).toHaveTextContent("Database is asleep");
  });

  it("SH-NOTIF-009 a pushed notification appears at the top of the first page", async () => {
    const api = fakeApi().on("GET", "/api/notifications", server(3));
    renderList();
    await screen.findByText("Notification 3");
    const loads = api.requests.length;

    fake.current?.push(
      "private-notifications.7",
      "WebNotificationCreated",
      notification(99, { summary: "Fresh news", seen_at: null }),
    );

    await waitFor(() => expect(rows()[0]).toHaveTextContent("Fresh news"));
    expect(rows()).toHaveLength(4);
    expect(screen.getByText("1–4 of 4")).toBeVisible();
    expect(api.requests).toHaveLength(loads);
  });
});
