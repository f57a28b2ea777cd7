import { expect, test } from "@playwright/test";
import { signIn } from "./support";

/** Remote preferences follow the user: a list's page size chosen in one browser shows in another. */
const USER = "admin@demo.example.com";

test("FM-CALL-009 FM-CALL-006 the devices list keeps its page size in a new browser", async ({
  page,
  browser,
}) => {
  // Two sign-ins in two browsers.
  test.slow();
  await signIn(page, USER, "/management/devices");
  const table = page.getByRole("table", { name: "Devices" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();

  const saved = page.waitForResponse(
    (res) => res.url().includes("/api/storage") && res.request().method() !== "GET",
  );
  await page.getByRole("combobox", { name: "Rows per page" }).selectOption("10");
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(11);

  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, USER, "/management/devices");
  await expect(second.getByRole("combobox", { name: "Rows per page" })).toHaveValue("10");
  await expect(second.getByText(/^1–10 of \d+$/)).toBeVisible();
  await expect(second.getByRole("table", { name: "Devices" }).getByRole("row")).toHaveCount(11);
  await other.close();
});
