import { expect, test, type Page } from "@playwright/test";
import { sawText, signIn, toastsReady, watchForText } from "./support";

/** The browser's own zone, so that a chosen one and a reset are told apart. */
test.use({ timezoneId: "Europe/Oslo" });

async function openUserMenu(page: Page, name: RegExp = /^User menu/) {
  await page.getByRole("button", { name }).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

async function cookie(page: Page, name: string): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === name)?.value;
}

/** Resolves once the page has loaded again, as a timezone or language change makes it. */
function nextLoad(page: Page) {
  return page.waitForEvent("load", { timeout: 10_000 });
}

test.describe("user menu", () => {
  test("SH-MENU-002 SH-MENU-032 Account settings leads to the account service, Changelog shows the version", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com");
    await openUserMenu(page);
    await expect(page.getByRole("menuitem", { name: "Account settings" })).toHaveAttribute(
      "href",
      "/account/settings",
    );

    const changelog = page.getByRole("menuitem", { name: /^Changelog/ });
    await expect(changelog).toContainText("v5.15.0");
    await changelog.click();
    await expect(page).toHaveURL(/\/changelog$/);
    await expect(page.getByRole("heading", { name: "Changelog", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Version 5.15.0" })).toBeVisible();
  });

  test("SH-MENU-016 SH-MENU-017 dark mode switches the colour scheme at once and survives a reload", async ({
    page,
  }) => {
    const html = page.locator("html");
    await signIn(page, "admin@demo.example.com");
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: /^Dark mode/ }).click();
    for (const option of ["Auto", "Enable", "Disable"]) {
      await expect(page.getByRole("menuitemradio", { name: option })).toBeVisible();
    }
    await page.getByRole("menuitemradio", { name: "Enable" }).click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(await cookie(page, "darkMode")).toBe("on");

    await page.reload();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");

    await openUserMenu(page);
    await page.getByRole("menuitem", { name: /^Dark mode/ }).click();
    await page.getByRole("menuitemradio", { name: "Disable" }).click();
    await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(await cookie(page, "darkMode")).toBe("off");
  });

  test("SH-MENU-018 SH-MENU-019 SH-MENU-020 SH-MENU-023 SH-MENU-025 the system timezone is chosen, confirmed, applied by a reload and reset", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com");
    // Each change's confirmation shows in the 300 ms before the reload.
    await toastsReady(page);
    await openUserMenu(page);
    await expect(page.getByRole("menuitem", { name: /^System timezone/ })).toContainText(
      "Europe/Oslo",
    );
    await page.getByRole("menuitem", { name: /^System timezone/ }).click();
    await expect(page.getByText(/^Selected time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toBeVisible();
    await expect(page.getByText(/^UTC time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toBeVisible();

    const zone = page.getByRole("combobox", { name: "System timezone" });
    await zone.click();
    expect(await page.getByRole("option").count()).toBeGreaterThan(300);
    await zone.fill("Tokyo");
    const reloaded = nextLoad(page);
    // The toast lives 300 ms before the reload: note its appearance, then check it.
    await watchForText(page, "Timezone updated successfully");
    await page.getByRole("option", { name: "Asia/Tokyo" }).click();
    await reloaded;
    expect(await sawText(page, "Timezone updated successfully")).toBe(true);
    expect(await cookie(page, "setTimeZone")).toBe("Asia/Tokyo");

    await toastsReady(page);
    await openUserMenu(page);
    await expect(page.getByRole("menuitem", { name: /^System timezone/ })).toContainText(
      "Asia/Tokyo",
    );
    await page.getByRole("menuitem", { name: /^System timezone/ }).click();
    const resetReload = nextLoad(page);
    await watchForText(page, "The default timezone is used");
    await page.getByRole("menuitem", { name: "Reset system timezone" }).click();
    await resetReload;
    expect(await sawText(page, "The default timezone is used")).toBe(true);
    expect(await cookie(page, "setTimeZone")).toBeUndefined();
    await openUserMenu(page);
    await expect(page.getByRole("menuitem", { name: /^System timezone/ })).toContainText(
      "Europe/Oslo",
    );
  });

  test("SH-MENU-001 the menu and its timezone search work from the keyboard alone", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com");
    // The confirmation shows in the 300 ms before the reload.
    await toastsReady(page);
    await page.getByRole("button", { name: /^User menu/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.getByRole("menuitem", { name: /^System timezone/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Back" })).toBeFocused();

    await page.keyboard.press("Tab");
    await expect(page.getByRole("combobox", { name: "System timezone" })).toBeFocused();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("Tokyo");
    await page.keyboard.press("ArrowDown");
    const reloaded = nextLoad(page);
    await watchForText(page, "Timezone updated successfully");
    await page.keyboard.press("Enter");
    await reloaded;
    expect(await sawText(page, "Timezone updated successfully")).toBe(true);
    expect(await cookie(page, "setTimeZone")).toBe("Asia/Tokyo");
  });

  test("SH-MENU-028 choosing Norsk reloads the console in Norwegian", async ({ page }) => {
    await signIn(page, "admin@demo.example.com");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: /^Languages/ }).click();
    for (const name of ["English", "Norsk", "日本語", "Українська"]) {
      await expect(page.getByRole("menuitemradio", { name })).toBeVisible();
    }
    const reloaded = nextLoad(page);
    await page.getByRole("menuitemradio", { name: "Norsk" }).click();
    await reloaded;

    await openUserMenu(page, /^Brukermeny/);
    await expect(page.getByRole("menuitem", { name: "Kontoinnstillinger" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Logg ut" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: /^Mørk modus/ })).toBeVisible();
  });

  test("SH-MENU-030 SH-MENU-031 View assigned permissions lists them in a User permissions dialog", async ({
    page,
  }) => {
    await signIn(page, "guest@demo.example.com");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "View assigned permissions" }).click();
    const dialog = page.getByRole("dialog", { name: "User permissions" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("region", { name: "Devices" })).toContainText("View devices");
    await expect(dialog).not.toContainText("Edit devices");
  });

  test("SH-MENU-014 SH-MENU-015 Activate code goes to the redeem-code page for an administrator", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Activate code" }).click();
    await expect(page).toHaveURL(/\/redeem-code$/);
  });

  test("SH-MENU-014 a guest has no Activate code, nor a resource summary", async ({ page }) => {
    await signIn(page, "guest@demo.example.com");
    await openUserMenu(page);
    await expect(page.getByRole("menuitem", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Activate code" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Resources" })).toHaveCount(0);
  });

  test("SH-MENU-010 SH-MENU-011 SH-MENU-012 the resource summary shows company data, credits left and where to buy more", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Resources" }).click();

    await expect(page.getByText("Company data remaining")).toBeVisible();
    await expect(page.getByText("150.00 GB")).toBeVisible();
    const credits = page.getByRole("list", { name: "Credits left" }).getByRole("listitem");
    await expect(credits).toHaveText([/^Remote access\s*312$/, /^Data\s*18$/, /^SMS\s*870$/]);
    const buy = page.getByRole("menuitem", { name: "Get more resources" });
    await expect(buy).toHaveAttribute("href", /^https:\/\//);
    await expect(buy).toHaveAttribute("target", "_blank");
  });

  test("SH-MENU-004 SH-MENU-006 a user who granted impersonation sees until when, with Revoke access", async ({
    page,
  }) => {
    await signIn(page, "enduser@demo.example.com");
    await openUserMenu(page);
    const status = page.getByRole("menuitem", {
      name: /^Impersonation until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/,
    });
    await status.click();
    await expect(page.getByRole("menuitem", { name: "Revoke access" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Back" }).click();
    await expect(page.getByRole("menuitem", { name: "Account settings" })).toBeVisible();
  });

  test("Logout signs out", async ({ page }) => {
    await signIn(page, "admin.north@demo.example.com");
    await openUserMenu(page);
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/account\/sign-in/);
  });
});
