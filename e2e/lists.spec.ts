import { expect, test, type Page } from "@playwright/test";
import { sidebarLinks, signIn } from "./support";

/**
 * The company, user and tag lists against the demo seed: Netfleet Demo at the top, with
 * Northwind Networks (Retail, Logistics) and Southfield Telecom (Rural) below it.
 */
const ADMIN = "admin@demo.example.com";
/** read_only in Northwind Logistics: tags, but neither companies nor users. */
const GUEST = "guest@demo.example.com";

/** The table once its rows have arrived: skeleton rows stand in for them while loading. */
async function loaded(page: Page, table: string) {
  const grid = page.getByRole("table", { name: table });
  await expect(grid).toHaveAttribute("aria-busy", "false");
  await expect(grid.getByRole("row").nth(1)).toBeVisible();
  return grid;
}

/** The first cells of the data rows, in order. */
async function firstCells(page: Page, table: string): Promise<string[]> {
  const grid = await loaded(page, table);
  return grid.locator("tbody tr td:first-child").allInnerTexts();
}

/** The data rows' cells in the column headed `header`. */
async function column(page: Page, table: string, header: string): Promise<string[]> {
  const grid = await loaded(page, table);
  const headers = await grid.getByRole("columnheader").allInnerTexts();
  const index = headers.indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return grid.locator(`tbody tr td:nth-child(${index + 1})`).allInnerTexts();
}

test("SH-SEARCH-017 the company list opens filtered by ?q= and links each company", async ({
  page,
}) => {
  await signIn(page, ADMIN, "/companies?q=North");
  await expect(page.getByRole("heading", { level: 1, name: "Companies" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search companies" })).toHaveValue("North");

  const names = await column(page, "Companies", "Name");
  expect([...names].sort()).toEqual([
    "Northwind Logistics",
    "Northwind Networks",
    "Northwind Retail",
  ]);
  expect(await column(page, "Companies", "Parent")).toContain("Netfleet Demo");
  await expect(page.getByText("1–3 of 3")).toBeVisible();

  const ids = await firstCells(page, "Companies");
  const networks = names.indexOf("Northwind Networks");
  const link = page.getByRole("link", { name: "Northwind Networks" });
  await expect(link).toHaveAttribute("href", `/companies/${ids[networks]!.replace("#", "")}`);

  // Sorting by name, descending on the second click, is done by the server.
  await page.getByRole("button", { name: "Name", exact: true }).click();
  await expect(page).toHaveURL(/sort=name/);
  await page.getByRole("button", { name: "Name", exact: true }).click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect
    .poll(() => column(page, "Companies", "Name"))
    .toEqual(["Northwind Retail", "Northwind Networks", "Northwind Logistics"]);
});

test("SH-SEARCH-017 the user list opens filtered by ?q=, and global search leads there", async ({
  page,
}) => {
  await signIn(page, ADMIN, "/users?q=south");
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  // The first cell holds the address, with the user's name on the line below.
  const addresses = (await firstCells(page, "Users")).map((cell) => cell.split("\n")[0]);
  expect(addresses.sort()).toEqual([
    "admin.south@demo.example.com",
    "enduser.south@demo.example.com",
  ]);
  expect(await column(page, "Users", "Role")).toEqual(
    expect.arrayContaining(["Administrator", "End Client"]),
  );

  // "View in table" of a search category opens the same list filtered by the query.
  await page.goto("/management/devices");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search the console" }).fill("north");
  const users = page.getByRole("region", { name: "Users" });
  await expect(users.getByText("admin.north@demo.example.com")).toBeVisible();
  await users.getByRole("link", { name: "View in table" }).click();
  await expect(page).toHaveURL(/\/users\?q=north$/);
  expect((await firstCells(page, "Users")).map((cell) => cell.split("\n")[0])).toEqual([
    "admin.north@demo.example.com",
  ]);
});

test("the tag list shows every tag of the tree and filters as the user types", async ({ page }) => {
  await signIn(page, ADMIN, "/tags");
  await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
  // Tags of every level of the tree, the top company's as well as a grandchild's.
  expect(await column(page, "Tags", "Name")).toEqual(
    expect.arrayContaining(["Backhaul", "Core", "Critical", "Stores", "Vehicles"]),
  );
  const row = page.getByRole("row").filter({ hasText: "Vehicles" });
  await expect(row).toContainText("Routers in trucks");
  await expect(row).toContainText("Northwind Logistics");

  await page.getByRole("searchbox", { name: "Search tags" }).fill("Veh");
  await expect(page).toHaveURL(/\/tags\?q=Veh$/);
  await expect.poll(() => column(page, "Tags", "Name")).toEqual(["Vehicles"]);

  await page.getByRole("searchbox", { name: "Search tags" }).fill("nothing like it");
  await expect(page.getByText("No tags match “nothing like it”")).toBeVisible();
});

test("a guest reaches only the tags of its own company, not companies or users", async ({
  page,
}) => {
  await signIn(page, GUEST, "/tags");
  await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
  expect(await column(page, "Tags", "Name")).toContain("Vehicles");
  expect(new Set(await column(page, "Tags", "Company"))).toEqual(new Set(["Northwind Logistics"]));
  const links = await sidebarLinks(page);
  expect(links).toContain("Tags");
  expect(links).not.toContain("Companies");
  expect(links).not.toContain("Users");

  for (const path of ["/companies?q=North", "/users"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/management\/devices$/);
    await expect(page.getByRole("heading", { level: 1, name: "Devices" })).toBeVisible();
  }
});

test("the three lists, light and dark, wide and narrow", async ({ page }, info) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN, "/companies");
  const { hostname } = new URL(page.url());
  for (const scheme of ["off", "on"] as const) {
    await page
      .context()
      .addCookies([{ name: "darkMode", value: scheme, domain: hostname, path: "/" }]);
    for (const [path, table] of [
      ["/companies", "Companies"],
      ["/users", "Users"],
      ["/tags", "Tags"],
    ] as const) {
      for (const [width, size] of [
        [1440, "wide"],
        [390, "narrow"],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await loaded(page, table);
        const name = `list-${table.toLowerCase()}-${scheme === "on" ? "dark" : "light"}-${size}`;
        await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
      }
    }
  }
});
