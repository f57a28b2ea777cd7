import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "../../../lib/router";
import type { Notice } from "@netfleet/contracts/schemas/notices";
import { XSS_CORPUS } from "@netfleet/contracts/xss-corpus";
import { failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { NoticesWidget } from "./notices-widget";

declare global {
  interface Window {
    __xss?: unknown;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  delete window.__xss;
});

function notice(id: number, overrides: Partial<Notice> = {}): Notice {
  return {
    id,
    type: "info",
    message: `Notice ${id}`,
    enabled_at: "2025-03-02T10:00:00Z",
    ...overrides,
  };
}

function answer(notices: Notice[]) {
  return success(notices, { meta: { total: notices.length } });
}

/** The widget as the header mounts it, named after the page's path. */
function Header() {
  const { pathname } = useLocation();
  return <NoticesWidget routeName={pathname} />;
}

function renderWidget() {
  document.cookie = "setTimeZone=UTC; path=/";
  return renderPage(<Header />, { url: "/first", path: "/:page" });
}

const button = () => screen.findByRole("button", { name: "Notices" });

// Popovers of many rich rows are slow to render in jsdom on a busy machine.
describe("NoticesWidget", { timeout: 15_000 }, () => {
  it("SH-NOTIF-010 SH-HTTP-026 lists each notice's type, message and the time it came into force", async () => {
    const api = fakeApi().on(
      "GET",
      "/api/notices",
      answer([
        notice(2, {
          type: "critical",
          message: 'Outage: <b>VPN hubs</b>. See <a href="https://status.example.com">status</a>',
          enabled_at: "2025-03-02T10:00:00Z",
        }),
        notice(1, {
          type: "warning",
          message: "Maintenance on Sunday",
          enabled_at: "2025-03-01T08:30:00Z",
        }),
      ]),
    );
    const { user } = renderWidget();

    await user.click(await button());

    const list = await screen.findByRole("region", { name: "Notices" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole("img", { name: "Critical" })).toBeVisible();
    expect(within(items[0]!).getByText("VPN hubs").tagName).toBe("B");
    expect(within(items[0]!).getByRole("link", { name: "status" })).toHaveAttribute(
      "href",
      "https://status.example.com",
    );
    expect(within(items[0]!).getByText("Since 2025-03-02 10:00:00")).toBeVisible();
    expect(within(items[1]!).getByRole("img", { name: "Warning" })).toBeVisible();
    expect(within(items[1]!).getByText("Maintenance on Sunday")).toBeVisible();
    expect(within(items[1]!).getByText("Since 2025-03-01 08:30:00")).toBeVisible();
    expect(api.calls("GET", "/api/notices")).toHaveLength(1);
  });

  it("SH-NOTIF-011 shows Important when nothing was dismissed yet", async () => {
    fakeApi().on("GET", "/api/notices", answer([notice(1)]));
    renderWidget();

    const notices = await button();
    expect(within(notices).getByText("Important")).toBeVisible();
    expect(notices).toHaveAccessibleDescription("Important");
  });

  it("SH-NOTIF-012 shows Important only for a notice newer than the last dismissal", async () => {
    window.localStorage.setItem("noticesDismissedAt", "2025-03-02T10:00:00.000Z");
    fakeApi().on(
      "GET",
      "/api/notices",
      answer([notice(1, { enabled_at: "2025-03-02T10:00:00Z" })]),
    );
    const first = renderWidget();
    expect(within(await button()).queryByText("Important")).not.toBeInTheDocument();
    first.unmount();

    fakeApi().on(
      "GET",
      "/api/notices",
      answer([notice(2, { enabled_at: "2025-03-02T10:00:01Z" })]),
    );
    renderWidget();
    expect(within(await button()).getByText("Important")).toBeVisible();
  });

  it("SH-NOTIF-013 SH-NOTIF-014 opening and closing the list record the dismissal time and hide Important", async () => {
    fakeApi().on("GET", "/api/notices", answer([notice(1)]));
    const { user } = renderWidget();
    const notices = await button();
    expect(window.localStorage.getItem("noticesDismissedAt")).toBeNull();

    const beforeOpen = Date.now();
    await user.click(notices);
    await screen.findByRole("region", { name: "Notices" });
    const opened = window.localStorage.getItem("noticesDismissedAt");
    expect(Date.parse(opened ?? "")).toBeGreaterThanOrEqual(beforeOpen);
    // Hidden, though keeping its room while the list is open: the header does not shift.
    expect(within(notices).getByText("Important")).not.toBeVisible();
    expect(notices).not.toHaveAccessibleDescription();

    window.localStorage.removeItem("noticesDismissedAt");
    await user.keyboard("{Escape}");
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Notices" })).not.toBeInTheDocument(),
    );
    const closed = window.localStorage.getItem("noticesDismissedAt");
    expect(Date.parse(closed ?? "")).toBeGreaterThanOrEqual(Date.parse(opened ?? ""));
    expect(within(notices).queryByText("Important")).not.toBeInTheDocument();
  });

  it("SH-NOTIF-015 loads the notices again on every route change", async () => {
    const api = fakeApi().on("GET", "/api/notices", answer([notice(1)]));
    const { router } = renderWidget();
    await button();
    expect(api.calls("GET", "/api/notices")).toHaveLength(1);

    await router.navigate("/second");
    await waitFor(() => expect(api.calls("GET", "/api/notices")).toHaveLength(2));
    await router.navigate("/first");
    await waitFor(() => expect(api.calls("GET", "/api/notices")).toHaveLength(3));
    // The same route again is no change.
    await router.navigate("/first?tab=x");
    expect(await button()).toBeVisible();
    expect(api.calls("GET", "/api/notices")).toHaveLength(3);
  });

  it("SH-ERR-014 hides the notices when they cannot be loaded", async () => {
    let calls = 0;
    const api = fakeApi().on("GET", "/api/notices", () =>
      ++calls === 1 ? answer([notice(1)]) : failure(500, "INTERNAL", "Resting."),
    );
    const { router } = renderWidget();
    expect(await button()).toBeVisible();

    await router.navigate("/second");

    await waitFor(() =>
      expect(screen.queryByRole("button", { name: "Notices" })).not.toBeInTheDocument(),
    );
    expect(api.calls("GET", "/api/notices")).toHaveLength(2);
  });

  it("SH-ERR-014 shows nothing at all when the first load fails", async () => {
    const api = fakeApi().on("GET", "/api/notices", failure(503, "UNAVAILABLE", "Down."));
    renderWidget();

    await waitFor(() => expect(api.calls("GET", "/api/notices")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("button")).not.toBeInTheDocument());
  });

  it("says so quietly when no notice is in force, without Important", async () => {
    fakeApi().on("GET", "/api/notices", answer([]));
    const { user } = renderWidget();

    const notices = await button();
    expect(within(notices).queryByText("Important")).not.toBeInTheDocument();
    await user.click(notices);
    expect(await screen.findByText("No notices right now")).toBeVisible();
  });

  it("shows every payload of the XSS corpus as harmless text or allowed markup", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    // Each payload twice: as written, and setting a flag instead of opening a dialog.
    const payloads = XSS_CORPUS.flatMap((p) => [p, p.replaceAll("alert(1)", "window.__xss=1")]);
    fakeApi().on(
      "GET",
      "/api/notices",
      answer(payloads.map((message, i) => notice(i + 1, { message }))),
    );
    const { user } = renderWidget();

    await user.click(await button());
    const list = await screen.findByRole("region", { name: "Notices" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(payloads.length);
    // Give anything that would run (handlers, timers, loads) the chance to.
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(window.__xss).toBeUndefined();
    expect(alert).not.toHaveBeenCalled();
    for (const item of within(list).getAllByRole("listitem")) {
      const message = item.querySelector("[data-notice-message]");
      expect(message).not.toBeNull();
      for (const el of message!.querySelectorAll("*")) {
        expect(["A", "B", "I", "EM", "STRONG"]).toContain(el.tagName);
        for (const name of el.getAttributeNames()) {
          expect(["href", "target", "class", "rel"]).toContain(name);
        }
        const href = el.getAttribute("href");
        if (href !== null) {
          expect(new URL(href, window.location.href).protocol).toMatch(/^(https?|mailto):$/);
        }
      }
    }
    // The type icons are the only SVG; nothing else embeds or runs anything.
    expect(
      list.querySelectorAll("script, iframe, object, embed, style, math, img, form, input"),
    ).toHaveLength(0);
    expect(list.querySelectorAll("svg")).toHaveLength(payloads.length);
  }, 30_000);
});
