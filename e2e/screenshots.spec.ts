import { expect, test } from "@playwright/test";
import { sidebarLinks, signIn } from "./support";

/**
 * Pictures of the shell in every language, light and dark, wide and narrow, kept with the
 * test results so that a change to the layout can be looked at, not only asserted.
 */
const LANGUAGES = [
  { code: "en", devices: "Devices" },
  { code: "no", devices: "Enheter" },
  { code: "ja", devices: "デバイス" },
  { code: "uk", devices: "Пристрої" },
] as const;

/** Words the other languages spell as English does. */
const SAME_WORDS = ["Status", "Firmware"];

test("the shell in each language, light and dark, wide and narrow", async ({ page }, info) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "superadmin@demo.example.com");
  let english: string[] = [];
  for (const { code, devices } of LANGUAGES) {
    await page.evaluate((lng) => localStorage.setItem("language", lng), code);
    for (const scheme of ["off", "on"] as const) {
      const { hostname } = new URL(page.url());
      await page
        .context()
        .addCookies([{ name: "darkMode", value: scheme, domain: hostname, path: "/" }]);
      await page.reload();
      const nav = page
        .getByRole("navigation")
        .filter({ has: page.getByRole("group") })
        .first();
      await expect(nav.getByRole("link", { name: devices, exact: true })).toBeVisible();
      await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
      // No English left in the shell of the other languages (product words aside).
      const shell = [
        ...(await sidebarLinks(page)),
        ...(await page.getByRole("columnheader").allInnerTexts()),
        await page.getByRole("heading", { level: 1 }).innerText(),
      ];
      if (code === "en") english = shell;
      else {
        const untranslated = shell.filter(
          (text) => english.includes(text) && /[a-z]{3}/.test(text) && !SAME_WORDS.includes(text),
        );
        expect(untranslated).toEqual([]);
      }
      const name = `shell-${code}-${scheme === "on" ? "dark" : "light"}`;
      await page.screenshot({ path: info.outputPath(`${name}-wide.png`) });
      if (code === "en") {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: info.outputPath(`${name}-phone.png`) });
        await page.getByRole("button", { name: "Open navigation" }).click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: info.outputPath(`${name}-phone-navigation.png`) });
        await page.getByRole("button", { name: "Close navigation" }).click();
        await page.setViewportSize({ width: 1440, height: 900 });
      }
    }
  }
  await page.evaluate(() => localStorage.setItem("language", "en"));
  await page.reload();
  await page.getByRole("button", { name: "Collapse navigation" }).click();
  await page.goto("/companies/1/users/invitations");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.screenshot({ path: info.outputPath("shell-en-dark-narrow-tabs.png") });
  await page.getByRole("button", { name: /^User menu/ }).click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: info.outputPath("shell-en-dark-user-menu.png") });
});
