import fs from "node:fs";
import { type APIRequestContext, expect, request, type Page, test } from "@playwright/test";

/** Password of every demo user (npm run seed:demo). */
export const DEMO_PASSWORD = "Demo-password-1";

/**
 * Signs in as `email` as the sign-in form does (one POST that sets the session's cookies),
 * then opens `path`. The sign-in page itself is proven by sign-in.spec.ts; the other journeys
 * skip loading it, which would double the cost of their start on a busy machine.
 */
export async function signIn(page: Page, email: string, path = "/management/devices") {
  // page.request shares the browser context's cookies, so the session lands in the browser.
  // A journey on another server names it in `path`.
  const origin = /^https?:\/\//.test(path) ? new URL(path).origin : "";
  await postSignIn(page.request, page, email, origin);
  await page.goto(path);
}

/** The sign-in form's request through `api`, with the XSRF cookie `cookiesOf` holds. */
async function postSignIn(
  api: APIRequestContext,
  cookiesOf: Page | APIRequestContext,
  email: string,
  origin = "",
) {
  await api.get(`${origin}/api/app-config`);
  const res = await api.post(`${origin}/account/sign-in`, {
    data: { email, password: DEMO_PASSWORD },
    headers: await xsrf(cookiesOf),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The state-changing header the console sends, read from the XSRF-TOKEN cookie of a page's
 * browser or of an API context.
 */
export async function xsrf(from: Page | APIRequestContext): Promise<Record<string, string>> {
  const cookies =
    "context" in from ? await from.context().cookies() : (await from.storageState()).cookies;
  const token = cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  return { "X-XSRF-TOKEN": decodeURIComponent(token) };
}

/**
 * A script-like caller signed in as `email` through the API, sending the XSRF header the
 * server asks for. Dispose of `api` when done.
 */
export async function apiAs(baseURL: string, email: string) {
  const api = await request.newContext({ baseURL });
  await postSignIn(api, api, email);
  return {
    api,
    post: async (path: string, data: unknown) => api.post(path, { data, headers: await xsrf(api) }),
  };
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

/**
 * Waits for the toasts' container, which the console loads once the page has shown (or with
 * the first toast): a toast raised just before a reload, or once the network is gone, needs
 * it there already.
 */
export async function toastsReady(page: Page): Promise<void> {
  await expect(page.locator(".mantine-Notifications-root").first()).toBeAttached();
}

/** Whether `watchForText` saw `text`, before or after a reload. */
export async function sawText(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted) => sessionStorage.getItem(`seen:${wanted}`) === "1", text);
}

/** The messages the journeys' mail server received for `to`, oldest first, decoded. */
export function mailTo(to: string): string[] {
  const file = process.env.E2E_MAILBOX;
  if (!file) throw new Error("E2E_MAILBOX is not set: run the journeys through global-setup.ts");
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string[]; raw: string })
    .filter((m) => m.to.includes(to))
    .map((m) =>
      // Quoted-printable: soft line breaks, then escaped bytes.
      m.raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

/**
 * The first match of `pattern` in a message to `to` received after the first `after`
 * messages (see `mailTo(to).length`), once one arrives.
 */
export async function awaitMailMatch(to: string, pattern: RegExp, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      for (const message of mailTo(to).slice(after)) {
        found = pattern.exec(message)?.[0];
        if (found) return true;
      }
      return false;
    })
    .toBe(true);
  return found!;
}

/** The page light and dark, narrow and wide, kept with the test results. */
export async function screenshots(page: Page, name: string, ready: () => Promise<void>) {
  for (const [scheme, width, height] of [
    ["off", 1440, 900],
    ["on", 1440, 900],
    ["off", 390, 844],
    ["on", 390, 844],
  ] as const) {
    const { hostname } = new URL(page.url());
    await page
      .context()
      .addCookies([{ name: "darkMode", value: scheme, domain: hostname, path: "/" }]);
    await page.setViewportSize({ width, height });
    await page.reload();
    await ready();
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}-${width}.png`) });
  }
}
