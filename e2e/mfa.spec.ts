import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { DEMO_PASSWORD, awaitMailMatch, mailTo, signIn } from "./support";

/**
 * The second factor and the password confirmation, against the demo seed's journey users:
 * mfa.totp@ enrols an authenticator app, mfa.email@ has e-mailed codes from the seed, and
 * sudo@ confirms the password on the server whose confirmations last 8 seconds.
 */
const TOTP_USER = "mfa.totp@demo.example.com";
const EMAIL_USER = "mfa.email@demo.example.com";
const SUDO_USER = "sudo@demo.example.com";

/**
 * A code of the authenticator app: the current step's, or with `next` the following
 * step's. A code proves the factor once and the server takes one step either way, so a
 * second proof uses the next step's code rather than waiting up to 30 seconds for it.
 */
function totpCode(secret: string, step: "current" | "next"): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return generate({ secret, epoch: step === "next" ? now + 30 : now });
}

function mfaSection(page: Page) {
  return page.getByRole("region", { name: "Two-factor authentication" });
}

test.describe("two-factor authentication", () => {
  test("FM-MFA-012 an authenticator app is enrolled in settings, then asked for before a token is created", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, TOTP_USER, "/account/settings");
    const section = mfaSection(page);
    await expect(section.getByText("Off", { exact: true })).toBeVisible();

    await section.getByRole("button", { name: "Set up authenticator app" }).click();
    await expect(
      section.getByRole("img", { name: "QR code for your authenticator app" }),
    ).toBeVisible();
    const secret = (await section.getByLabel("Key for manual entry").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    const enrolCode = await totpCode(secret, "current");
    await section.getByRole("textbox", { name: /6-digit code/ }).fill(enrolCode);
    await section.getByRole("button", { name: "Confirm" }).click();
    const codes = section.getByRole("list", { name: "Recovery codes" });
    await expect(codes.getByRole("listitem")).toHaveCount(10);
    await section.getByRole("button", { name: "Done" }).click();
    await expect(section.getByText("Authenticator app", { exact: true })).toBeVisible();

    // Creating a token is guarded: the console asks for the app's code and then finishes.
    const tokens = page.getByRole("form", { name: "Create token" });
    await tokens.getByRole("textbox", { name: /Name/ }).fill("Journey script");
    await tokens
      .getByRole("group", { name: "Devices" })
      .getByRole("checkbox", { name: "Read" })
      .check();
    await tokens.getByRole("button", { name: "Create token" }).click();

    const totp = page.getByRole("dialog", {
      name: "Enter the 6-digit code from your authenticator app",
    });
    await expect(totp).toBeVisible();
    await totp.getByRole("textbox", { name: "Code" }).fill(await totpCode(secret, "next"));
    await totp.getByRole("button", { name: "Confirm" }).click();

    const created = page.getByRole("dialog", { name: "Token created" });
    await expect(created.getByLabel("Token")).toContainText(/^nf_pat_/);
  });

  test("FM-MFA-004 FM-MFA-005 FM-MFA-016 a user with e-mailed codes is asked for one at sign-in", async ({
    page,
  }) => {
    const before = mailTo(EMAIL_USER).length;
    await page.goto("/management/devices");
    await expect(page).toHaveURL(/\/account\/sign-in/);
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(EMAIL_USER);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();

    const dialog = page.getByRole("dialog", { name: "Enter authentication code" });
    await expect(dialog).toBeVisible();
    const code = dialog.getByRole("textbox", { name: "Code" });
    await expect(code).toHaveAttribute("required", "");
    await expect(dialog.getByRole("button", { name: "Confirm" })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/sign-in/);

    await code.fill(
      (await awaitMailMatch(EMAIL_USER, /Your authentication code: (\d{6})/, before)).slice(-6),
    );
    await dialog.getByRole("button", { name: "Confirm" }).click();

    await expect(page).toHaveURL(/\/management\/devices/);
    await expect(page.getByRole("heading", { level: 1, name: "Devices" })).toBeVisible();
  });
});

test.describe("password confirmation", () => {
  test.use({ baseURL: process.env.E2E_SHORT_TTL_URL });

  test("FM-423-001 FM-423-002 a sensitive change after the confirmation window asks for the password again", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signIn(page, SUDO_USER, "/account/settings");
    const section = mfaSection(page);
    await expect(section.getByText("Off", { exact: true })).toBeVisible();
    // Password confirmations on this server last 8 seconds; signing in was the last one.
    await page.waitForTimeout(9_000);

    await section.getByRole("button", { name: "Set up authenticator app" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm your password" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Confirm your password to continue.");
    const password = dialog.getByRole("textbox", { name: "Password" });

    await password.fill("not-the-password");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByText("The password is incorrect.")).toBeVisible();
    await expect(dialog).toBeVisible();

    await password.fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expect(
      section.getByRole("img", { name: "QR code for your authenticator app" }),
    ).toBeVisible();
  });
});
