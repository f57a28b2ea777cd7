import { expect, test, type Page } from "@playwright/test";
import { sidebarLinks, signIn } from "./support";

async function currentUser(page: Page) {
  const res = await page.request.get("/api/user");
  expect(res.ok()).toBe(true);
  return (await res.json()) as { company: { id: number }; permissions: string[] };
}

test.describe("console layout", () => {
  test("SH-LAYOUT-001 SH-LAYOUT-009 SH-LAYOUT-021 header, side navigation and page area; the logo leads to devices; no review label", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com", "/tags");
    await expect(page).toHaveURL(/\/tags$/);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" }).first()).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tags", level: 1 })).toBeVisible();
    await expect(page.getByText(/review mode/i)).toHaveCount(0);

    const logo = page.getByRole("link", { name: "Netfleet, go to devices" });
    await expect(logo).toHaveAttribute("href", "/management/devices");
    await logo.click();
    await expect(page).toHaveURL(/\/management\/devices$/);
  });

  test("SH-LAYOUT-002 the navigation width is remembered across reloads", async ({ page }) => {
    await signIn(page, "admin@demo.example.com");
    const shell = page.locator("[data-nav]").first();
    await expect(shell).toHaveAttribute("data-nav", "wide");
    await page.getByRole("button", { name: "Collapse navigation" }).click();
    await expect(shell).toHaveAttribute("data-nav", "narrow");
    expect(await page.evaluate(() => localStorage.getItem("wideNav"))).toBe("false");
    await page.reload();
    await expect(page.locator("[data-nav]").first()).toHaveAttribute("data-nav", "narrow");
    // Narrow shows icons whose names are still the items' labels.
    await expect(page.getByRole("link", { name: "Tags" })).toBeVisible();
    await page.getByRole("button", { name: "Expand navigation" }).click();
    await expect(page.locator("[data-nav]").first()).toHaveAttribute("data-nav", "wide");
  });

  test("SH-LAYOUT-005 the scroll-to-top button appears only after 300 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 480 });
    await signIn(page, "superadmin@demo.example.com");
    await expect(page.getByRole("table").getByRole("row").nth(10)).toBeVisible();
    const button = page.getByRole("button", { name: "Scroll to top" });
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(300);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 420));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test("SH-LAYOUT-006 the mobile navigation closes when the route changes", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "admin@demo.example.com");
    const open = page.getByRole("button", { name: "Open navigation" });
    await open.click();
    const tags = page.getByRole("link", { name: "Tags" });
    await expect(tags).toBeVisible();
    await expect(tags).toBeInViewport();
    await tags.click();
    await expect(page).toHaveURL(/\/tags$/);
    // The closed drawer slides out of view rather than leaving the page.
    await expect(tags).not.toBeInViewport();
    await expect(open).toHaveAttribute("aria-expanded", "false");
  });

  test("SH-LAYOUT-007 clicking the link of the page already open reloads its data", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com");
    await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
    const reloaded = page.waitForRequest(
      (r) => r.method() === "GET" && new URL(r.url()).pathname === "/api/devices",
    );
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .first()
      .getByRole("link", { name: "Devices" })
      .click();
    await reloaded;
    await expect(page).toHaveURL(/\/management\/devices$/);
  });

  test("SH-LAYOUT-008 SH-ROUTE-049 standalone routes render without the layout", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com");
    await page.goto("/404");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);
  });

  test("breadcrumbs and tabs come from the route table, and the help panel opens", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com", "/reports/periodic/week");
    await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Weekly reports" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.getByRole("tab", { name: "Daily reports" }).click();
    await expect(page).toHaveURL(/\/reports\/periodic\/day$/);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    await expect(crumbs.getByRole("link", { name: "Reports" })).toBeVisible();

    await page.getByRole("button", { name: "Help" }).click();
    await expect(page.getByRole("dialog", { name: /Help/ })).toContainText("Daily reports");
  });
});

test.describe("routes and the guard", () => {
  test("SH-ROUTE-015 SH-ROUTE-028 SH-ROUTE-035 SH-ROUTE-056 redirects of the route table", async ({
    page,
  }) => {
    await signIn(page, "admin@demo.example.com");
    const user = await currentUser(page);
    const devices = await page.request.get("/api/devices?limit=1");
    const deviceId = ((await devices.json()) as { data: { id: number }[] }).data[0]!.id;

    await page.goto(`/companies/${user.company.id}`);
    // The devices tab keeps the list's company filter in the URL.
    await expect(page).toHaveURL(new RegExp(`/companies/${user.company.id}/devices(\\?|$)`));
    await expect(page.getByRole("tab", { name: "Devices" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    await page.goto("/reports");
    await expect(page).toHaveURL(/\/reports\/single$/);

    await page.goto(`/devices/${deviceId}`);
    await expect(page).toHaveURL(new RegExp(`/devices/${deviceId}/activity$`));

    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/management\/devices$/);
  });

  test("SH-NAV-003 SH-GUARD-006 a read-only user sees fewer items and is sent away from forbidden pages", async ({
    page,
    browser,
  }) => {
    // Two users sign in, one after the other, in two browser contexts.
    test.slow();
    await signIn(page, "admin@demo.example.com");
    const adminLinks = await sidebarLinks(page);

    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await signIn(guest, "guest@demo.example.com");
    const guestLinks = await sidebarLinks(guest);
    expect(guestLinks.length).toBeLessThan(adminLinks.length);
    expect(guestLinks).not.toContain("Users");

    await guest.goto("/users");
    await expect(guest).toHaveURL(/\/management\/devices$/);
    await guest.goto("/forms/new-tag");
    await expect(guest).toHaveURL(/\/management\/devices$/);
    await guestContext.close();
  });

  test("SH-GUARD-009 a user with no view permission at all gets Access denied", async ({
    page,
  }) => {
    await signIn(page, "noview@demo.example.com");
    await expect(page.getByText("Access denied")).toBeVisible();
    await expect(page.getByText("User has no view permissions available")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toHaveCount(0);

    // The screen's only way on: signing out ends the session and shows sign-in.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/account\/sign-in/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await page.goto("/redeem-code");
    await expect(page).toHaveURL(/\/account\/sign-in\?continue_url=/);
  });

  test("SH-NAV-005 SH-GUARD-010 SH-LAYOUT-022 a branded theme renames the console and disables Remote access", async ({
    page,
  }) => {
    const branded = process.env.E2E_BRANDED_URL!;
    await signIn(page, "admin@demo.example.com", `${branded}/management/devices`);
    await expect(page.getByRole("link", { name: "AcmeNet, go to devices" })).toBeVisible();
    // The theme's main colour becomes the console's primary colour (the logo mark is filled with it).
    const mark = page.getByRole("banner").locator(".mantine-ThemeIcon-root").first();
    await expect(mark).toHaveCSS("background-color", "rgb(12, 166, 120)");
    const links = await sidebarLinks(page);
    expect(links).not.toContain("Remote access");
    expect(links).toContain("Access history");

    await page.goto(`${branded}/remote/access`);
    await expect(page).toHaveURL(/\/management\/devices$/);
  });
});
