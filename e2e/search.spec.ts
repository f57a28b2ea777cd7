import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support";

/**
 * The header's global search against the demo seed: Northwind Logistics holds 12 devices
 * named "Warehouse gateway 01…12", a tag "Warehouse" and the user warehouse.lead@…; the
 * Southfield branch cannot see any of them.
 */
const ADMIN = "admin@demo.example.com";
const CATEGORIES = [
  "Pages",
  "Devices",
  "Companies",
  "Remote access",
  "VPN hubs",
  "Tags",
  "Users",
  "Files",
];

function panel(page: Page) {
  return page.getByRole("dialog", { name: "Search" });
}

function category(page: Page, name: string) {
  return panel(page).getByRole("region", { name, exact: true });
}

async function openSearch(page: Page) {
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(panel(page)).toBeVisible();
  return panel(page);
}

async function search(page: Page, text: string) {
  const box = panel(page).getByRole("searchbox", { name: "Search the console" });
  await box.fill(text);
}

test.describe("global search", () => {
  test("SH-SEARCH-001 SH-SEARCH-002 SH-SEARCH-003 SH-SEARCH-004 opens by click or /, but not while typing or over an overlay", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    const button = page.getByRole("button", { name: "Search", exact: true });
    await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();

    await page.keyboard.press("/");
    const box = panel(page).getByRole("searchbox", { name: "Search the console" });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expect(box).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();

    // Typing in a field: the / is the field's.
    const listSearch = page.getByRole("searchbox", { name: "Search devices" });
    await listSearch.click();
    await page.keyboard.type("a/");
    await expect(listSearch).toHaveValue("a/");
    await expect(panel(page)).toHaveCount(0);
    await listSearch.fill("");
    await page.getByRole("heading", { level: 1 }).click();

    // A menu is open: the / does nothing.
    await page.getByRole("button", { name: /^User menu/ }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("/");
    await expect(panel(page)).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();

    // A side panel (drawer) is open: the / does nothing either.
    await page.getByRole("button", { name: "Help" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("/");
    await expect(panel(page)).toHaveCount(0);
  });

  test("SH-SEARCH-005 SH-SEARCH-015 SH-SEARCH-016 SH-SEARCH-018 shows the admin's results per category, counted and highlighted", async ({
    page,
  }, info) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN);
    const open = await openSearch(page);
    await expect(open.getByRole("checkbox")).toHaveCount(CATEGORIES.length);
    for (const name of CATEGORIES) {
      await expect(open.getByRole("checkbox", { name, exact: true })).toBeChecked();
    }

    await search(page, "warehouse");
    const devices = category(page, "Devices");
    await expect(devices.getByTestId("search-count")).toHaveText("10+");
    await expect(devices.getByRole("link", { name: /Warehouse gateway/ })).toHaveCount(10);
    await expect(devices.locator("mark").first()).toHaveText("Warehouse");
    await expect(devices.getByRole("link", { name: /Warehouse gateway/ }).first()).toContainText(
      /Online|Offline/,
    );

    const tags = category(page, "Tags");
    await expect(tags.getByTestId("search-count")).toHaveText("1");
    await expect(tags.getByRole("link", { name: /^Warehouse$/ })).toBeVisible();
    await expect(tags.locator(".mantine-ColorSwatch-root")).toHaveCount(1);

    const users = category(page, "Users");
    await expect(
      users.getByRole("link", { name: "warehouse.lead@demo.example.com" }),
    ).toBeVisible();
    await expect(users.locator("mark")).toHaveText("warehouse");

    await expect(category(page, "Companies").getByText("No results found")).toBeVisible();
    await expect(category(page, "Companies").getByTestId("search-count")).toHaveText("0");

    await page.waitForTimeout(300);
    await page.screenshot({ path: info.outputPath("search-light-wide.png") });
    const { hostname } = new URL(page.url());
    await page
      .context()
      .addCookies([{ name: "darkMode", value: "on", domain: hostname, path: "/" }]);
    await page.reload();
    await openSearch(page);
    await search(page, "warehouse");
    await expect(category(page, "Devices").getByTestId("search-count")).toHaveText("10+");
    await page.waitForTimeout(300);
    await page.screenshot({ path: info.outputPath("search-dark-wide.png") });

    await search(page, "north");
    const companies = category(page, "Companies");
    await expect(companies.getByTestId("search-count")).toHaveText("3");
    const networks = companies.getByRole("link", { name: /Northwind Networks/ });
    await expect(networks).toHaveText(/^#\d+Northwind Networks/);
    await expect(networks.locator("mark")).toHaveText("North");
    await expect(category(page, "Users").getByRole("link", { name: /@/ })).toHaveText([
      "admin.north@demo.example.com",
    ]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: info.outputPath("search-dark-phone.png") });
    const box = await panel(page).boundingBox();
    expect(box?.width).toBe(390);
  });

  test("SH-SEARCH-017 View in table opens the devices list filtered by the words", async ({
    page,
  }) => {
    await signIn(page, ADMIN, "/tags");
    await openSearch(page);
    await search(page, "warehouse");
    await category(page, "Devices").getByRole("link", { name: "View in table" }).click();
    await expect(panel(page)).toBeHidden();
    await expect(page).toHaveURL(/\/management\/devices\?q=warehouse$/);
    // The page size is the user's own preference (another journey changes it): count the total.
    await expect(page.getByText(/of 12$/)).toBeVisible();
    await expect(
      page.getByRole("table").getByRole("row", { name: /Warehouse gateway 12/ }),
    ).toBeVisible();
  });

  test("SH-SEARCH-027 choosing a result opens its page", async ({ page }) => {
    await signIn(page, ADMIN);
    await openSearch(page);
    await search(page, "warehouse gateway 07");
    await category(page, "Devices")
      .getByRole("link", { name: /Warehouse gateway 07/ })
      .click();
    await expect(panel(page)).toBeHidden();
    await expect(page).toHaveURL(/\/devices\/\d+\/activity$/);

    await openSearch(page);
    await search(page, "northwind logistics");
    await category(page, "Companies")
      .getByRole("link", { name: /Northwind Logistics/ })
      .click();
    // The company's devices are the device list with its company filter pinned in the URL.
    await expect(page).toHaveURL(/\/companies\/(\d+)\/devices\?company_id=\1$/);

    // Keyboard only: down from the box to the first page found, then Enter.
    await page.keyboard.press("/");
    await search(page, "single reports");
    await expect(
      category(page, "Pages").getByRole("link", { name: /Single reports/ }),
    ).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/reports\/single$/);
    await expect(panel(page)).toHaveCount(0);
  });

  test("SH-SEARCH-013 SH-SEARCH-014 SH-SEARCH-007 empty states, and the categories kept after a reload", async ({
    page,
  }) => {
    // Two reloads and four searches: more than the default allowance on a loaded machine.
    test.slow();
    await signIn(page, ADMIN);
    const open = await openSearch(page);
    for (const name of CATEGORIES)
      await open.getByRole("checkbox", { name, exact: true }).uncheck();
    await expect(open.getByText("No search criteria selected")).toBeVisible();
    await search(page, "warehouse");
    await expect(open.getByText("No search criteria selected")).toBeVisible();

    await page.reload();
    await openSearch(page);
    for (const name of CATEGORIES) {
      await expect(panel(page).getByRole("checkbox", { name, exact: true })).not.toBeChecked();
    }
    await panel(page).getByRole("checkbox", { name: "Devices", exact: true }).check();
    await panel(page).getByRole("checkbox", { name: "Tags", exact: true }).check();
    expect(await page.evaluate(() => localStorage.getItem("searchCategories"))).toBe(
      '["devices","tags"]',
    );

    await page.reload();
    await openSearch(page);
    await expect(panel(page).getByRole("checkbox", { checked: true })).toHaveCount(2);
    await expect(panel(page).getByRole("checkbox", { name: "Devices", exact: true })).toBeChecked();
    await expect(panel(page).getByRole("checkbox", { name: "Tags", exact: true })).toBeChecked();

    await search(page, "qqxzzy-nothing");
    await expect(panel(page).getByText("No results found")).toHaveCount(1);
    await expect(panel(page).getByText("No results found")).toBeVisible();
  });

  test("a sibling company's admin finds none of them", async ({ page }) => {
    await signIn(page, "admin.south@demo.example.com");
    await openSearch(page);
    await search(page, "warehouse");
    // Each empty category says so until the last answers; then one message says it for all.
    await expect(panel(page).getByText("No results found")).toHaveCount(1);
    await expect(panel(page).getByText("No results found")).toBeVisible();
    await expect(panel(page).getByRole("link", { name: /Warehouse/ })).toHaveCount(0);
  });

  test.describe("with the user call rewritten", () => {
    // Page routes see only the page's own requests, not those a service worker makes.
    test.use({ serviceWorkers: "block" });

    test("SH-LAYOUT-012 SH-SEARCH-006 the header offers search only with a searchable category", async ({
      page,
    }) => {
      await signIn(page, ADMIN);
      await expect(page.getByRole("button", { name: "Search", exact: true })).toBeVisible();

      // The same person, were they allowed only statistics: no search in the header.
      await page.route("**/api/user", async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { data: { permissions: string[] } };
        const data = { ...body.data, permissions: ["view_statistics"] };
        await route.fulfill({ response, json: { ...body, data } });
      });
      await page.goto("/statistics/general");
      await expect(page.getByRole("button", { name: /^User menu/ })).toBeVisible();
      await expect(page.getByRole("button", { name: "Search", exact: true })).toHaveCount(0);
    });
  });

  test("SH-SEARCH-006 a category whose list the branding switched off is not offered", async ({
    page,
  }) => {
    const branded = process.env.E2E_BRANDED_URL!;
    await signIn(page, ADMIN, `${branded}/management/devices`);
    const open = await openSearch(page);
    await expect(open.getByRole("checkbox", { name: "Devices", exact: true })).toBeVisible();
    await expect(open.getByRole("checkbox", { name: "Remote access", exact: true })).toHaveCount(0);
  });
});
