import { expect, test, type Page } from "@playwright/test";
import { awaitMailMatch, mailTo } from "./support";

/** Demo users (npm run seed:demo); each journey uses its own where state could leak. */
const PASSWORD = "Demo-password-1";
const ROLES = [
  { role: "super_admin", email: "superadmin@demo.example.com" },
  { role: "support", email: "support@demo.example.com" },
  { role: "admin", email: "admin.north@demo.example.com" },
  { role: "readonly_admin", email: "advanced.guest@demo.example.com" },
  { role: "end_user", email: "enduser@demo.example.com" },
  { role: "read_only", email: "guest@demo.example.com" },
] as const;

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("signing in", () => {
  for (const { role, email } of ROLES) {
    test(`${role} signs in and lands on the devices page inside the console`, async ({ page }) => {
      await page.goto("/management/devices");
      await expect(page).toHaveURL(/\/account\/sign-in\?continue_url=/);
      await signIn(page, email);
      await expect(page).toHaveURL(/\/management\/devices$/);
      await expect(
        page.getByRole("banner").getByRole("button", { name: `User menu, ${email}` }),
      ).toBeVisible();
      await expect(page.getByRole("heading", { name: "Devices" })).toBeVisible();
      await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
    });
  }

  test("a wrong password is explained and read out to screen readers", async ({ page }) => {
    await page.goto("/account/sign-in");
    await signIn(page, "admin@demo.example.com", "not the password");
    await expect(page.getByRole("alert")).toHaveText("The e-mail or password is incorrect.");
    await expect(page).toHaveURL(/\/account\/sign-in/);
  });

  test("repeated failures slow the account down; a sign-in link by e-mail gets its owner in", async ({
    page,
  }) => {
    // The e2e server slows an account after 3 failures; this user is used nowhere else.
    const email = "enduser.south@demo.example.com";
    await page.goto("/account/sign-in");
    for (let i = 0; i < 3; i++) {
      await signIn(page, email, `wrong password ${i}`);
      await expect(page.getByRole("alert")).toHaveText("The e-mail or password is incorrect.");
    }
    await signIn(page, email);
    // The wait counts down from 30 s on the server, so a slow machine may already show 29 or less.
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many failed sign-in attempts\. Try again in ([12]\d|30) seconds, or sign in with a link sent by e-mail\.$/,
    );
    await expect(page).toHaveURL(/\/account\/sign-in/);

    const before = mailTo(email).length;
    await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "If an account exists for that e-mail, we have sent it a link to sign in.",
    );
    const link = await awaitMailMatch(
      email,
      /https?:\/\/\S+\/account\/sign-in-link\?token=[A-Za-z0-9_-]+/,
      before,
    );
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/management\/devices$/);
    await expect(
      page.getByRole("banner").getByRole("button", { name: `User menu, ${email}` }),
    ).toBeVisible();

    // The link works once.
    await page.context().clearCookies();
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      page.getByText("This sign-in link is invalid, already used or expired."),
    ).toBeVisible();
  });

  test("SH-GUARD-007 returns to the page that asked for sign-in on the same host", async ({
    page,
  }) => {
    await page.goto("/management/devices?q=north");
    await expect(page).toHaveURL(/continue_url=/);
    await signIn(page, "admin@demo.example.com");
    await expect(page).toHaveURL(/\/management\/devices\?q=north$/);
  });

  test("SH-GUARD-008 ignores a continue_url on another host", async ({ page, baseURL }) => {
    await page.goto(
      `/account/sign-in?continue_url=${encodeURIComponent("https://evil.example/phish")}`,
    );
    await signIn(page, "admin@demo.example.com");
    await expect(page).toHaveURL(`${baseURL}/management/devices`);
  });
});

test.describe("the session", () => {
  test("Logout ends the session and protected pages ask to sign in again", async ({ page }) => {
    await page.goto("/account/sign-in");
    await signIn(page, "admin.south@demo.example.com");
    await expect(page).toHaveURL(/\/management\/devices/);
    await page.getByRole("button", { name: /^User menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/account\/sign-in/);
    await page.goto("/management/devices");
    await expect(page).toHaveURL(/\/account\/sign-in\?continue_url=/);
    await expect(page.getByRole("textbox", { name: "E-mail", exact: true })).toBeVisible();
  });

  test("an expired access token is refreshed without the user noticing", async ({ page }) => {
    const shortTtl = process.env.E2E_SHORT_TTL_URL!;
    await page.goto(`${shortTtl}/account/sign-in`);
    await signIn(page, "admin@demo.example.com");
    await expect(page).toHaveURL(/\/management\/devices/);
    // Access tokens on this server live 3 seconds.
    await page.waitForTimeout(4_000);
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith("/account/token/refresh") && r.status() === 200,
    );
    await page.getByRole("searchbox", { name: "Search devices" }).fill("north");
    await refreshed;
    await expect(page).toHaveURL(/\/management\/devices/);
    await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(/north/i);
  });

  test("SH-ERR-002 SH-ERR-006 an unconfirmed e-mail gets its notice and can resend the link", async ({
    page,
  }) => {
    await page.goto("/account/sign-in");
    await signIn(page, "unverified@demo.example.com");
    await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
    await page.getByRole("button", { name: "Resend e-mail" }).click();
    await expect(page.getByText("Email confirmation sent successfully")).toBeVisible();
  });
});
