import { expect, test, type Page } from "@playwright/test";
import { awaitMailMatch, signIn, xsrf } from "./support";

/**
 * Impersonation against the demo seed: enduser@ allows support for 30 days from seeding.
 * The journeys run in order; the last one changes advanced.guest@'s grant, which no other
 * journey reads.
 */
const SUPPORT = "support@demo.example.com";
const END_USER = "enduser@demo.example.com";
const GRANTOR = "advanced.guest@demo.example.com";

interface Me {
  id: number;
  email: string;
  impersonation_access_limit: string | null;
  token: { sub: string; act?: { sub: string; email: string } };
}

async function currentUser(page: Page): Promise<Me> {
  const res = await page.request.get("/api/user");
  expect(res.status()).toBe(200);
  return (await res.json()) as Me;
}

test.describe.serial("impersonation", () => {
  test("SH-HTTP-016 SH-SESSION-015 SH-LAYOUT-014 SH-LAYOUT-015 SH-MENU-003 support acts as a user who allowed it, sees the banner, and cancels from the header", async ({
    page,
  }) => {
    await signIn(page, SUPPORT, "/users/impersonation-logs");
    await expect(page.getByRole("heading", { name: "Impersonation logs" })).toBeVisible();
    // The seed's past impersonations.
    await expect(
      page.getByRole("table", { name: "Impersonation logs" }).getByRole("row").nth(3),
    ).toBeVisible();

    await page.getByRole("button", { name: "Start impersonation" }).click();
    const dialog = page.getByRole("dialog", { name: "Start impersonation" });
    await dialog.getByRole("button", { name: `Impersonate ${END_USER}` }).click();

    await expect(page).toHaveURL(/\/management\/devices$/);
    await expect(page.getByRole("heading", { name: "Devices" })).toBeVisible();
    const acting = await currentUser(page);
    expect(acting.email).toBe(END_USER);
    expect(acting.token.act?.email).toBe(SUPPORT);

    // The header says who is being impersonated and offers the way back.
    await expect(
      page.getByText(`Currently impersonating user ${END_USER}`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(/#\d+/);
    await page.getByRole("button", { name: /^User menu/ }).click();
    await expect(page.getByRole("menuitem", { name: "Account settings" })).toHaveCount(0);
    await expect(
      page.getByRole("menuitem", { name: "Logout & cancel impersonation" }),
    ).toBeVisible();
    await page.keyboard.press("Escape");

    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Cancel impersonation" }).click();
    await reloaded;
    await expect(page.getByRole("heading", { name: "Devices" })).toBeVisible();
    await expect(page.getByText("Currently impersonating user")).toHaveCount(0);
    const back = await currentUser(page);
    expect(back.email).toBe(SUPPORT);
    expect(back.token.act).toBeUndefined();
  });

  test("SH-MENU-034 logging out while impersonating ends the impersonation too", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, SUPPORT);
    const users = await page.request.get("/api/users/impersonable");
    const target = ((await users.json()) as { data: { id: number; email: string }[] }).data.find(
      (u) => u.email === END_USER,
    );
    expect(target).toBeDefined();
    const started = await page.request.post(`/api/users/${target!.id}/impersonate`, {
      headers: await xsrf(page),
    });
    expect(started.status()).toBe(200);
    expect((await currentUser(page)).token.act?.email).toBe(SUPPORT);

    const revoked = await page.request.post("/account/token/revoke", {
      data: {},
      headers: await xsrf(page),
    });
    expect(revoked.status()).toBe(200);
    expect((await page.request.get("/api/user")).status()).toBe(401);
    // The open console notices the dead session by itself and navigates away: sign in again
    // in a browser of our own (closing that page can hang while it navigates) instead of
    // racing its navigation.
    const other = await browser.newContext({ baseURL });
    const fresh = await other.newPage();
    await signIn(fresh, SUPPORT, "/users/impersonation-logs");
    const newest = fresh.getByRole("table", { name: "Impersonation logs" }).getByRole("row").nth(1);
    await expect(newest).toContainText(END_USER);
    await expect(newest).toContainText("Signed out");
    await other.close();
  });

  test("SH-SESSION-014 SH-MENU-006 a user grants access by e-mailed link and revokes it from the user menu", async ({
    page,
  }) => {
    await signIn(page, GRANTOR, "/account/settings");
    const card = page.getByRole("region", { name: "Support access" });
    await expect(card.getByText("Support staff cannot sign in as you.")).toBeVisible();
    await card.getByRole("combobox", { name: "Allow access for" }).click();
    await page.getByRole("option", { name: "1 day" }).click();
    await card.getByRole("button", { name: "Grant access" }).click();
    await expect(
      card.getByText(`We sent a confirmation link to ${GRANTOR}.`, { exact: false }),
    ).toBeVisible();
    expect((await currentUser(page)).impersonation_access_limit).toBeNull();

    const link = await awaitMailMatch(
      GRANTOR,
      /https?:\/\/\S+\/users\/confirm-impersonation-access\/[A-Za-z0-9_-]+/,
    );

    await page.goto(new URL(link).pathname);
    await expect(page.getByText(/^Support staff may sign in as you until /)).toBeVisible();
    expect((await currentUser(page)).impersonation_access_limit).not.toBeNull();

    // The user menu shows the grant and revokes it after a confirmation.
    await page.getByRole("button", { name: /^User menu/ }).click();
    await page.getByRole("menuitem", { name: /^Impersonation until / }).click();
    await page.getByRole("menuitem", { name: "Revoke access" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke impersonation access?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    expect((await currentUser(page)).impersonation_access_limit).not.toBeNull();

    await page.getByRole("button", { name: /^User menu/ }).click();
    await page.getByRole("menuitem", { name: /^Impersonation until / }).click();
    await page.getByRole("menuitem", { name: "Revoke access" }).click();
    const reloaded = page.waitForEvent("load");
    await confirm.getByRole("button", { name: "Revoke access" }).click();
    await reloaded;
    await page.goto("/account/settings");
    await expect(card.getByText("Support staff cannot sign in as you.")).toBeVisible();
    expect((await currentUser(page)).impersonation_access_limit).toBeNull();
  });
});
