import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { apiAs, signIn } from "./support";

/**
 * The notifications bell against the demo seed: a system administrator notifies the
 * company administrator through the API, and every browser the administrator has open
 * shows it at once. The other user is one no other journey notifies.
 */
const SUPER_ADMIN = "superadmin@demo.example.com";
const ADMIN = "admin@demo.example.com";
const OTHER = "warehouse.lead@demo.example.com";

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

/** Resolves once the page's realtime socket has been granted its notifications channel. */
function notificationsChannelGranted(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        const text = typeof payload === "string" ? payload : payload.toString();
        if (text.includes("subscription_succeeded") && text.includes("private-notifications.")) {
          resolve();
        }
      });
    });
  });
}

interface Session {
  context: BrowserContext;
  page: Page;
  granted: Promise<void>;
}

async function openSession(browser: Browser, email: string): Promise<Session> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const granted = notificationsChannelGranted(page);
  await signIn(page, email);
  return { context, page, granted };
}

const bell = (page: Page) => page.getByRole("button", { name: "Notifications", exact: true });

async function openBell(page: Page): Promise<Locator> {
  await bell(page).click();
  const list = page.getByRole("region", { name: "Notifications" });
  await expect(list).toBeVisible();
  return list;
}

async function userId(page: Page): Promise<number> {
  const res = await page.request.get("/api/user");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function unseenCount(page: Page): Promise<number> {
  const res = await page.request.get("/api/notifications?limit=1");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { meta: { unseen: number } }).meta.unseen;
}

test.describe.serial("notifications", () => {
  test("SH-LAYOUT-013 SH-NOTIF-002 SH-NOTIF-003 SH-NOTIF-005 SH-NOTIF-009 a notification reaches every browser of its user at once, and no one else's", async ({
    browser,
    baseURL,
  }) => {
    // Three browsers sign in one after another.
    test.slow();
    const first = await openSession(browser, ADMIN);
    const second = await openSession(browser, ADMIN);
    const other = await openSession(browser, OTHER);
    await Promise.all([first.granted, second.granted, other.granted]);
    for (const { page } of [first, second, other]) {
      await page.evaluate(() => {
        window.__sameDocument = true;
      });
    }

    const before = await unseenCount(first.page);
    const firstList = await openBell(first.page);
    const otherList = await openBell(other.page);
    await expect(otherList.getByText("No notifications", { exact: true })).toBeVisible();
    await expect(bell(other.page)).not.toHaveAttribute("aria-describedby");

    const summary = `Credits are running low (${Date.now()})`;
    const { api, post } = await apiAs(baseURL!, SUPER_ADMIN);
    const sent = await post("/api/notifications", {
      type: "creditAmountTooLow",
      summary,
      user_id: await userId(first.page),
    });
    expect(sent.status()).toBe(200);
    await api.dispose();

    // The open list gains it on top, with its time and the way to more credits.
    const top = firstList.getByRole("listitem").first();
    await expect(top).toContainText(summary);
    await expect(top.locator("time")).toHaveText("now");
    await expect(top.getByRole("link", { name: "Get more resources" })).toBeVisible();
    await expect(bell(first.page)).toHaveAccessibleDescription(`${before + 1} unseen`);

    // The other browser of the same user counts it on the badge, and lists it on top.
    await expect(bell(second.page)).toHaveAccessibleDescription(`${before + 1} unseen`);
    const secondList = await openBell(second.page);
    await expect(secondList.getByRole("listitem").first()).toContainText(summary);

    // Nobody reloaded anything to get there.
    for (const { page } of [first, second]) {
      expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
    }

    // The other user heard nothing.
    await expect(otherList.getByText("No notifications", { exact: true })).toBeVisible();
    await expect(otherList.getByText(summary)).toHaveCount(0);
    await expect(bell(other.page)).not.toHaveAttribute("aria-describedby");
    expect(await unseenCount(other.page)).toBe(0);

    for (const session of [first, second, other]) await session.context.close();
  });

  test("SH-NOTIF-007 SH-NOTIF-008 SH-NOTIF-004 closing the list marks them seen for good, and Show all notifications opens the page", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const granted = notificationsChannelGranted(page);
    await signIn(page, ADMIN);
    await granted;
    const summary = `Router RUT-17 went offline (${Date.now()})`;
    const { api, post } = await apiAs(baseURL!, SUPER_ADMIN);
    const sent = await post("/api/notifications", {
      type: "deviceAlert",
      summary,
      user_id: await userId(page),
    });
    expect(sent.status()).toBe(200);
    await api.dispose();
    await expect(bell(page)).toHaveAccessibleDescription(/^\d+ unseen$/);

    const list = await openBell(page);
    const item = list.getByRole("listitem").filter({ hasText: summary });
    await expect(item).toContainText("Unseen");
    const marked = page.waitForResponse(
      (res) => res.url().endsWith("/api/notifications") && res.request().method() === "PUT",
    );
    await bell(page).click();
    expect((await marked).status()).toBe(200);
    await expect(list).toBeHidden();
    await expect(bell(page)).not.toHaveAttribute("aria-describedby");

    await page.reload();
    await expect(bell(page)).toBeVisible();
    const reloaded = await openBell(page);
    const again = reloaded.getByRole("listitem").filter({ hasText: summary });
    await expect(again).toBeVisible();
    await expect(again).not.toContainText("Unseen");
    await expect(bell(page)).not.toHaveAttribute("aria-describedby");

    await reloaded.getByRole("link", { name: "Show all notifications" }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    const row = page
      .getByRole("list", { name: "Notifications" })
      .getByRole("listitem")
      .filter({ hasText: summary });
    await expect(row).toContainText(/Seen \d{4}-\d\d-\d\d/);
  });

  test("the bell and the page, light and dark, wide and narrow", async ({
    page,
    baseURL,
  }, info) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    const { hostname } = new URL(page.url());
    const { api, post } = await apiAs(baseURL!, SUPER_ADMIN);
    const adminId = await userId(page);
    for (const scheme of ["off", "on"] as const) {
      await page
        .context()
        .addCookies([{ name: "darkMode", value: scheme, domain: hostname, path: "/" }]);
      const look = scheme === "on" ? "dark" : "light";
      for (const [size, viewport] of [
        ["wide", { width: 1440, height: 900 }],
        ["narrow", { width: 390, height: 844 }],
      ] as const) {
        // A fresh unseen one each time: closing the bell marks the previous ones seen.
        const sent = await post("/api/notifications", {
          type: "invitedUserRegistration",
          summary: "Jordan Lee accepted the invitation and joined Netfleet Demo.",
          user_id: adminId,
        });
        expect(sent.status()).toBe(200);
        await page.setViewportSize(viewport);
        await page.goto("/notifications");
        await expect(page.getByRole("list", { name: "Notifications" })).toBeVisible();
        await page.screenshot({ path: info.outputPath(`notifications-page-${look}-${size}.png`) });
        const list = await openBell(page);
        await expect(list.getByRole("listitem").first()).toContainText("Unseen");
        // The list fades in; the picture waits for it to be fully there.
        await expect(page.getByRole("dialog").filter({ has: list })).toHaveCSS("opacity", "1");
        await page.screenshot({ path: info.outputPath(`notifications-bell-${look}-${size}.png`) });
        await bell(page).click();
        await expect(list).toBeHidden();
        await expect(bell(page)).not.toHaveAttribute("aria-describedby");
      }
    }
    await api.dispose();
  });
});
