import { expect, test, type Page } from "@playwright/test";
import { sawText, signIn, watchForText, xsrf } from "./support";

/**
 * The new-tag form, on its own route and in a dialog, signed in as forms@ (an administrator
 * of the demo company no other journey uses). Tag names carry the run's mark, so that a
 * second run against the same database starts clean.
 */
const USER = "forms@demo.example.com";
const COMPANY = "Netfleet Demo";
const RUN = Date.now().toString(36);
const CREATED = "Tag created successfully";

interface Row {
  id: number;
  name: string;
  color: string | null;
  company_name: string;
}

async function companyId(page: Page, name: string): Promise<number> {
  const res = await page.request.get(`/api/companies?q=${encodeURIComponent(name)}&limit=10`);
  const rows = ((await res.json()) as { data: { id: number; name: string }[] }).data;
  const company = rows.find((c) => c.name === name);
  expect(company).toBeDefined();
  return company!.id;
}

async function tagsNamed(page: Page, name: string): Promise<Row[]> {
  const res = await page.request.get(`/api/tags?q=${encodeURIComponent(name)}&limit=100`);
  return ((await res.json()) as { data: Row[] }).data.filter((t) => t.name === name);
}

/** Picks `name` in the form's Company field, a searchable select of the user's companies. */
async function chooseCompany(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Company" }).click();
  await page.getByRole("option", { name, exact: true }).click();
}

test.describe("the new-tag form", () => {
  test("FM-SUBMIT-009 saving on /forms/new-tag shows the result and goes back one step", async ({
    page,
  }) => {
    const name = `Form ${RUN} route`;
    await signIn(page, USER, "/tags");
    await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
    await page.goto("/forms/new-tag");
    await expect(page.getByRole("heading", { level: 1, name: "New tag" })).toBeVisible();
    await watchForText(page, CREATED);

    await chooseCompany(page, COMPANY);
    await page.getByRole("textbox", { name: "Name" }).fill(name);
    await page.getByRole("textbox", { name: "Color" }).fill("#12b886");
    await page.getByRole("textbox", { name: "Color" }).press("Escape");
    await page.getByRole("button", { name: "Create" }).click();

    await expect(page).toHaveURL(/\/tags$/);
    await expect.poll(() => sawText(page, CREATED)).toBe(true);
    const [tag] = await tagsNamed(page, name);
    expect(tag).toMatchObject({ color: "#12b886", company_name: COMPANY });
  });

  test("a name the company already uses is refused under the Name field", async ({ page }) => {
    const name = `Form ${RUN} taken`;
    await signIn(page, USER, "/tags");
    const res = await page.request.post("/api/tags", {
      data: { company_id: await companyId(page, COMPANY), name },
      headers: await xsrf(page),
    });
    expect(res.status()).toBe(201);

    await page.goto("/forms/new-tag");
    await chooseCompany(page, COMPANY);
    const field = page.getByRole("textbox", { name: "Name" });
    await field.fill(name);
    await page.getByRole("button", { name: "Create" }).click();

    await expect(field).toHaveAccessibleDescription(
      "A tag with this name already exists in this company.",
    );
    await expect(page).toHaveURL(/\/forms\/new-tag$/);
    expect(await tagsNamed(page, name)).toHaveLength(1);
  });

  test("FM-DIALOG-026 ?platform=mobile shows the form in the mobile dialog layout", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, USER, "/forms/new-tag?platform=mobile");
    const sheet = page.getByRole("dialog", { name: "New tag" });
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAttribute("data-mobile", "true");
    // The sheet covers the window: no frame floats over the page.
    await expect
      .poll(async () => sheet.boundingBox())
      .toEqual({ x: 0, y: 0, width: 390, height: 800 });
    await expect(sheet.getByRole("textbox", { name: "Name" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Create" })).toBeVisible();

    // Without the parameter the same form is part of the page.
    await page.goto("/forms/new-tag");
    await expect(page.getByRole("heading", { level: 1, name: "New tag" })).toBeVisible();
    await expect(page.locator("[data-mobile]")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Name" })).toBeVisible();
  });

  test("a tag created in the dialog of the tags page appears in the list", async ({ page }) => {
    const name = `Form ${RUN} dialog`;
    await signIn(page, USER, `/tags?q=${encodeURIComponent(`Form ${RUN} dialog`)}`);
    await expect(page.getByText(`No tags match “Form ${RUN} dialog”`)).toBeVisible();

    await page.getByRole("button", { name: "New tag" }).click();
    const dialog = page.getByRole("dialog", { name: "New tag" });
    await expect(dialog).toBeVisible();
    await chooseCompany(page, COMPANY);
    await dialog.getByRole("textbox", { name: "Name" }).fill(name);
    await dialog.getByRole("textbox", { name: "Description" }).fill("Made in a dialog");
    await dialog.getByRole("button", { name: "Create" }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText(CREATED)).toBeVisible();
    const row = page
      .getByRole("table", { name: "Tags" })
      .getByRole("row")
      .filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Made in a dialog");
    await expect(row).toContainText(COMPANY);
  });
});
