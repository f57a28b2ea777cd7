import { expect, test } from "@playwright/test";
import { apiAs, signIn } from "./support";

/**
 * Bulk actions from the device list, on the main server's seeded fleet: the top company's
 * administrator sees 36 devices, more than the list's first page of 25.
 */
const ADMIN = "admin@demo.example.com";

test("tags every device matching the list, past its first page, and follows the action to its end", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signIn(page, ADMIN);
  const table = page.getByRole("table", { name: "Devices" });
  await expect(table.getByRole("row")).toHaveCount(26);

  await page.getByRole("checkbox", { name: "Select every device on this page" }).check();
  const bar = page.getByRole("toolbar", { name: "Actions on the selected devices" });
  await expect(bar.getByText("25 selected")).toBeVisible();
  await bar.getByRole("button", { name: "Select all 36 matching" }).click();
  await expect(bar.getByText("All 36 matching devices are selected.")).toBeVisible();

  await bar.getByRole("button", { name: "Add tags" }).click();
  const choose = page.getByRole("dialog", { name: "Add tags to 36 devices" });
  await choose.getByLabel("Tags to add").click();
  await page.getByRole("option", { name: "Critical" }).click();
  // The list of tags stays open for more; a click beside it closes it.
  await choose.getByRole("heading", { name: "Add tags to 36 devices" }).click();
  await expect(page.getByRole("option", { name: "Critical" })).toBeHidden();
  await choose.getByRole("button", { name: "Apply" }).click();

  // The Action status dialog follows the action and, once it is done, reloads the list and,
  // without ticked rows to show, closes itself. Only then is the page free to be clicked.
  await expect(bar).toBeHidden();
  await expect(table.getByRole("row").filter({ hasText: "Critical" })).toHaveCount(25, {
    timeout: 30_000,
  });
  await expect(page.getByRole("dialog", { name: "Action status" })).toBeHidden();

  const { api } = await apiAs(baseURL!, ADMIN);
  const tags = (await (await api.get("/api/tags?q=Critical&fields=id,name")).json()) as {
    data: { id: number; name: string }[];
  };
  const critical = tags.data.find((t) => t.name === "Critical")!;
  const tagged = (await (await api.get(`/api/devices?tag_id=${critical.id}&limit=1`)).json()) as {
    meta: { total: number };
  };
  expect(tagged.meta.total).toBe(36);
  await api.dispose();
  // The list shows it too, on the second page as on the first.
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(table.getByRole("row").filter({ hasText: "Critical" })).toHaveCount(11);
});

test("the bulk bar and its choices, light and dark, wide and narrow", async ({ page }, info) => {
  test.slow();
  await signIn(page, "admin.north@demo.example.com");
  for (const scheme of ["off", "on"] as const) {
    const { hostname } = new URL(page.url());
    await page
      .context()
      .addCookies([{ name: "darkMode", value: scheme, domain: hostname, path: "/" }]);
    for (const [width, height, size] of [
      [1440, 900, "wide"],
      [390, 844, "phone"],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      const rows = page.getByRole("table", { name: "Devices" }).getByRole("row");
      await rows.nth(1).getByRole("checkbox").check();
      await rows.nth(2).getByRole("checkbox").check();
      const bar = page.getByRole("toolbar", { name: "Actions on the selected devices" });
      await expect(bar.getByText("2 selected")).toBeVisible();
      const name = `bulk-${scheme === "on" ? "dark" : "light"}-${size}`;
      await page.screenshot({ path: info.outputPath(`${name}.png`) });
      await bar.getByRole("button", { name: "Move" }).click();
      const move = page.getByRole("dialog", { name: "Move 2 devices" });
      await move.getByLabel("Company to move them to").click();
      await expect(page.getByRole("option", { name: "Northwind Retail" })).toBeVisible();
      await page.screenshot({ path: info.outputPath(`${name}-move.png`) });
      await move.getByRole("heading", { name: "Move 2 devices" }).click();
      await move.getByRole("button", { name: "Cancel" }).click();
      await expect(move).toBeHidden();
    }
  }
});
