import { expect, test, type Page } from "@playwright/test";
import { XSS_CORPUS } from "@netfleet/contracts/xss-corpus";
import { apiAs, signIn } from "./support";

/**
 * Global notices against the demo seed: a system administrator publishes one on /notices,
 * a company administrator meets it in the header. The journeys run in order and add
 * notices, which no other journey reads.
 */
const SUPER_ADMIN = "superadmin@demo.example.com";
const ADMIN = "admin@demo.example.com";

const MESSAGE_TEXT = "Planned maintenance on Sunday.";
const LINK = "https://status.netfleet.example/maintenance";

declare global {
  interface Window {
    __xss?: unknown;
  }
}

async function openNotices(page: Page) {
  await page.getByRole("button", { name: "Notices", exact: true }).click();
  const list = page.getByRole("region", { name: "Notices" });
  await expect(list).toBeVisible();
  return list;
}

test.describe.serial("global notices", () => {
  test("SH-LAYOUT-013 a system administrator publishes a notice on /notices", async ({ page }) => {
    await signIn(page, SUPER_ADMIN, "/notices");
    await expect(page).toHaveURL(/\/notices$/);
    await expect(page.getByRole("heading", { name: "Global notices" })).toBeVisible();

    await page.getByRole("button", { name: "New notice" }).click();
    const dialog = page.getByRole("dialog", { name: "New notice" });
    await dialog.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Warning" }).click();
    await dialog
      .getByRole("textbox", { name: "Message" })
      .fill(
        `Planned maintenance on <b>Sunday</b>. <a href="${LINK}" target="_blank">Status page</a>`,
      );
    const preview = dialog.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("link", { name: "Status page" })).toHaveAttribute("href", LINK);
    // "Show from" starts at the current minute: the notice is in force at once.
    await expect(dialog.getByLabel("Show from")).not.toHaveValue("");
    await dialog.getByRole("button", { name: "Create notice" }).click();

    await expect(page.getByText("Notice created")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page
      .getByRole("table", { name: "Notices" })
      .getByRole("row")
      .filter({ hasText: MESSAGE_TEXT });
    await expect(row).toBeVisible();
    await expect(row.getByText("In force")).toBeVisible();
    await expect(row.getByText("Warning")).toBeVisible();
  });

  test("SH-LAYOUT-013 SH-NOTIF-011 SH-NOTIF-013 SH-NOTIF-014 an administrator sees Important until the list is opened, also after a reload", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    const header = page.getByRole("banner");
    const notices = header.getByRole("button", { name: "Notices", exact: true });
    await expect(notices).toBeVisible();
    await expect(notices.getByText("Important")).toBeVisible();

    const list = await openNotices(page);
    await expect(list.getByText(MESSAGE_TEXT)).toBeVisible();
    const link = list.getByRole("link", { name: "Status page" });
    await expect(link).toHaveAttribute("href", LINK);
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(notices.getByText("Important")).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("noticesDismissedAt"))).toMatch(
      /^\d{4}-\d{2}-\d{2}T/,
    );

    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await page.reload();
    await expect(notices).toBeVisible();
    await expect(notices.getByText("Important")).toHaveCount(0);
  });

  test("notices written as XSS payloads show as text or allowed markup, and nothing runs", async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const { api, post } = await apiAs(baseURL!, SUPER_ADMIN);
    const payloads = XSS_CORPUS.flatMap((p) => [p, p.replaceAll("alert(1)", "window.__xss=1")]);
    const since = new Date(Date.now() - 60_000).toISOString();
    for (const payload of payloads) {
      const res = await post("/api/admin/notices", {
        type: "critical",
        message: `XSS ${payload}`,
        enabled_at: since,
      });
      expect(res.status()).toBe(201);
    }
    // The newest, so the header's list shows it first.
    const res = await post("/api/admin/notices", {
      type: "critical",
      message:
        'XSS last <img src=x onerror=alert(1)><b onmouseover="window.__xss=1">Bold</b> <a href="javascript:alert(1)">js link</a>',
      enabled_at: new Date().toISOString(),
    });
    expect(res.status()).toBe(201);
    await api.dispose();

    const harmless = async (scope: ReturnType<Page["locator"]>) => {
      expect(
        await scope.locator("script, iframe, object, embed, style, img, form, input, math").count(),
      ).toBe(0);
      const attributes = await scope
        .locator("[data-notice-message] *")
        .evaluateAll((els) =>
          els.flatMap((el) => el.getAttributeNames().map((name) => `${el.tagName}.${name}`)),
        );
      for (const attribute of attributes) expect(attribute).toMatch(/^A\.(href|target|class|rel)$/);
    };

    // Every payload, on the administration page: a hundred rows at a time.
    await signIn(page, SUPER_ADMIN, "/notices?q=XSS");
    await page.getByRole("combobox", { name: "Rows per page" }).selectOption("100");
    const table = page.getByRole("table", { name: "Notices" });
    await expect(page.getByText(`1–100 of ${payloads.length + 1}`)).toBeVisible();
    await harmless(table);
    await page.getByRole("button", { name: "Page 2" }).click();
    await expect(
      page.getByText(`101–${payloads.length + 1} of ${payloads.length + 1}`),
    ).toBeVisible();
    await harmless(table);

    // And in the header's list, as everyone sees them.
    await page.goto("/management/devices");
    const list = await openNotices(page);
    const last = list.getByRole("listitem").filter({ hasText: "XSS last" });
    await expect(last.getByText("Bold")).toBeVisible();
    expect(await last.getByText("Bold").evaluate((el) => el.tagName)).toBe("B");
    await last.getByText("Bold").hover();
    await expect(last.getByText("js link")).not.toHaveAttribute("href");
    await harmless(list);

    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  });

  test("a user without admin_view_notice cannot open /notices", async ({ page }) => {
    await signIn(page, ADMIN, "/notices");
    await expect(page).toHaveURL(/\/management\/devices$/);
    await expect(page.getByRole("heading", { name: "Devices" })).toBeVisible();
    const res = await page.request.get("/api/admin/notices");
    expect(res.status()).toBe(403);
  });

  test("pictures of the widget, the page and its dialog, light and dark, wide and narrow", async ({
    page,
  }, info) => {
    test.slow();
    await signIn(page, SUPER_ADMIN, "/notices");
    const { hostname } = new URL(page.url());
    for (const scheme of ["off", "on"] as const) {
      await page
        .context()
        .addCookies([{ name: "darkMode", value: scheme, domain: hostname, path: "/" }]);
      for (const [size, viewport] of [
        ["wide", { width: 1440, height: 900 }],
        ["narrow", { width: 390, height: 844 }],
      ] as const) {
        const name = (what: string) =>
          info.outputPath(`notices-${what}-${scheme === "on" ? "dark" : "light"}-${size}.png`);
        await page.setViewportSize(viewport);
        await page.goto("/notices");
        await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
        await page.screenshot({ path: name("page") });

        await page
          .getByRole("button", { name: /^Edit notice #/ })
          .first()
          .click();
        const dialog = page.getByRole("dialog", { name: "Edit notice" });
        await expect(dialog.getByRole("region", { name: "Preview" })).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({ path: name("dialog") });
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();

        await page.evaluate(() => localStorage.removeItem("noticesDismissedAt"));
        await page.goto("/management/devices");
        await expect(
          page.getByRole("button", { name: "Notices", exact: true }).getByText("Important"),
        ).toBeVisible();
        await page.screenshot({
          path: name("important"),
          clip: { x: 0, y: 0, width: viewport.width, height: 80 },
        });
        await openNotices(page);
        // Past the dropdown's fade-in.
        await page.waitForTimeout(300);
        await page.screenshot({ path: name("widget") });
        await page.keyboard.press("Escape");
      }
    }
  });
});
