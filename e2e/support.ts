import { expect, request, type APIRequestContext, type Page } from "@playwright/test";

/** Password of every demo user (npm run seed:demo). */
export const DEMO_PASSWORD = "Demo-password-1";

/** Signs in through the sign-in page, starting from `path`, and waits to arrive there. */
export async function signIn(page: Page, email: string, path = "/management/devices") {
  await page.goto(path);
  await expect(page).toHaveURL(/\/account\/sign-in/);
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/account\/sign-in/);
}

/** The sidebar's link names, in order. */
export async function sidebarLinks(page: Page): Promise<string[]> {
  // Found by its groups rather than its name, so that it works in every language.
  const nav = page
    .getByRole("navigation")
    .filter({ has: page.getByRole("group") })
    .first();
  await expect(nav).toBeVisible();
  return nav.getByRole("link").allInnerTexts();
}

/**
 * Watches the page for `text` and notes in session storage when it appears, so a message
 * shown just before a reload (such as a toast) can still be checked after it.
 */
export async function watchForText(page: Page, text: string) {
  await page.evaluate((wanted) => {
    const key = `seen:${wanted}`;
    sessionStorage.removeItem(key);
    const check = () => {
      if (document.body.innerText.includes(wanted)) sessionStorage.setItem(key, "1");
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, text);
}

/** Whether `watchForText` saw `text`, before or after a reload. */
export async function sawText(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => sessionStorage.getItem(`seen:${wanted}`) === "1", text);
}

/** A script-like caller signed in as the system administrator, to read the outbox. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  await api.get("/healthz");
  const { cookies } = await api.storageState();
  const token = cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  const res = await api.post("/account/sign-in", {
    data: { email: "superadmin@demo.example.com", password: DEMO_PASSWORD },
    headers: { "X-XSRF-TOKEN": decodeURIComponent(token) },
  });
  expect(res.status()).toBe(200);
  return api;
}
