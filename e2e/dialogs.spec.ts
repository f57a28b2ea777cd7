import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn, xsrf } from "./support";

/**
 * The dialog system on the tags page, signed in as dialogs@ (an administrator of the demo
 * company no other journey uses): each test makes its own tags through the API first, with
 * names no other run or journey uses, and opens their edit dialogs.
 */
const USER = "dialogs@demo.example.com";
const COMPANY = "Netfleet Demo";
const RUN = Date.now().toString(36);

interface Tag {
  id: number;
  name: string;
}

/** Signs in and creates `count` tags named "<prefix> 1…count" in the demo company. */
async function tagsFor(page: Page, prefix: string, count: number): Promise<Tag[]> {
  await signIn(page, USER, "/tags");
  const res = await page.request.get(`/api/companies?q=${encodeURIComponent(COMPANY)}&limit=10`);
  const companies = ((await res.json()) as { data: { id: number; name: string }[] }).data;
  const companyId = companies.find((c) => c.name === COMPANY)!.id;
  const tags: Tag[] = [];
  for (let i = 1; i <= count; i++) {
    const created = await page.request.post("/api/tags", {
      data: { company_id: companyId, name: `${prefix} ${i}`, description: `Dialog journey ${i}` },
      headers: await xsrf(page),
    });
    expect(created.status()).toBe(201);
    tags.push(((await created.json()) as { data: Tag }).data);
  }
  await page.goto(`/tags?q=${encodeURIComponent(prefix)}`);
  await expect(page.getByRole("table", { name: "Tags" }).getByRole("row")).toHaveCount(count + 1);
  return tags;
}

function editTitle(tag: Tag): string {
  return `Edit tag “${tag.name}”`;
}

function editDialog(page: Page, tag: Tag): Locator {
  return page.getByRole("dialog", { name: editTitle(tag) });
}

/** The main dialog: the one in front, the only one the keyboard and Escape act on. */
function mainDialog(page: Page): Locator {
  return page.locator("[data-dialog-frame][data-main]");
}

/**
 * Opens a tag's edit dialog from its row. The row may sit under an open dialog, which
 * floats without blocking the page, so the button is used from the keyboard.
 */
async function openEdit(page: Page, tag: Tag) {
  await page.getByRole("button", { name: `Edit ${tag.name}` }).press("Enter");
  await expect(mainDialog(page)).toHaveAccessibleName(editTitle(tag));
}

test.describe("dialogs", () => {
  test("FM-DIALOG-008 FM-DIALOG-011 FM-DIALOG-012 FM-DIALOG-013 six edit dialogs: Escape, minimise, the cap, restore", async ({
    page,
  }) => {
    // Six tags made through the API, then six dialogs opened one by one.
    test.slow();
    const tags = await tagsFor(page, `Dlg ${RUN} stack`, 6);
    for (const tag of tags) await openEdit(page, tag);
    await expect(page.locator("[data-dialog-frame]")).toHaveCount(6);

    // Escape closes the main dialog only.
    await page.keyboard.press("Escape");
    await expect(editDialog(page, tags[5]!)).toHaveCount(0);
    await expect(page.locator("[data-dialog-frame]")).toHaveCount(5);
    await expect(mainDialog(page)).toHaveAccessibleName(editTitle(tags[4]!));
    await openEdit(page, tags[5]!);

    // Five minimise; the sixth is refused and stays open.
    for (let i = 0; i < 5; i++) {
      await mainDialog(page).getByRole("button", { name: "Minimize" }).click();
    }
    const last = mainDialog(page);
    await expect(last).toHaveAccessibleName(editTitle(tags[0]!));
    await last.getByRole("button", { name: "Minimize" }).click();
    await expect(page.getByText("You can not minimize more than 5 windows")).toBeVisible();
    await expect(editDialog(page, tags[0]!)).toBeVisible();

    // The minimised titles are listed, each with a close button.
    const list = page.getByRole("region", { name: "Minimized windows" });
    for (const tag of tags.slice(1)) {
      await expect(list.getByRole("button", { name: `Restore ${editTitle(tag)}` })).toHaveText(
        editTitle(tag),
      );
      await expect(list.getByRole("button", { name: `Close ${editTitle(tag)}` })).toBeVisible();
    }

    // Restoring makes the dialog the main one, with the focus inside it.
    await list.getByRole("button", { name: `Restore ${editTitle(tags[3]!)}` }).click();
    const restored = editDialog(page, tags[3]!);
    await expect(restored).toBeVisible();
    await expect(mainDialog(page)).toHaveAccessibleName(editTitle(tags[3]!));
    await expect
      .poll(() => restored.evaluate((el) => el.contains(document.activeElement)))
      .toBe(true);
    await expect(list.getByRole("button", { name: /^Restore / })).toHaveCount(4);

    // A minimised dialog closes from the list.
    await list.getByRole("button", { name: `Close ${editTitle(tags[2]!)}` }).click();
    await expect(editDialog(page, tags[2]!)).toHaveCount(0);
    await expect(list.getByRole("button", { name: /^Restore / })).toHaveCount(3);
  });

  test("FM-DIALOG-015 FM-DIALOG-016 FM-DIALOG-017 FM-DIALOG-019 a dialog moves by its header, goes full screen, and links to help", async ({
    page,
  }) => {
    const [tag] = await tagsFor(page, `Dlg ${RUN} move`, 1);
    await openEdit(page, tag!);
    const dialog = editDialog(page, tag!);
    const header = dialog.locator("[data-dialog-header]");

    const help = dialog.getByRole("link", { name: "Help" });
    await expect(help).toHaveAttribute("href", /^https:\/\/\S+/);
    await expect(help).toHaveAttribute("target", "_blank");

    const before = (await dialog.boundingBox())!;
    const grip = (await header.getByText(editTitle(tag!)).boundingBox())!;
    const start = { x: grip.x + 10, y: grip.y + grip.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 60, start.y - 15, { steps: 5 });
    await page.mouse.move(start.x + 120, start.y - 30, { steps: 5 });
    await page.mouse.up();
    const moved = (await dialog.boundingBox())!;
    expect(Math.round(moved.x - before.x)).toBe(120);
    expect(Math.round(moved.y - before.y)).toBe(-30);

    // Full screen covers the window and cannot be dragged.
    await dialog.getByRole("button", { name: "Full screen" }).click();
    const viewport = page.viewportSize()!;
    await expect
      .poll(() => dialog.boundingBox())
      .toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    const title = (await header.getByText(editTitle(tag!)).boundingBox())!;
    await page.mouse.move(title.x + 10, title.y + title.height / 2);
    await page.mouse.down();
    await page.mouse.move(title.x + 110, title.y + 90, { steps: 5 });
    await page.mouse.up();
    expect(await dialog.boundingBox()).toEqual({
      x: 0,
      y: 0,
      width: viewport.width,
      height: viewport.height,
    });

    // Back from full screen it returns where it was dragged to.
    await dialog.getByRole("button", { name: "Exit full screen" }).click();
    await expect
      .poll(async () => Math.round((await dialog.boundingBox())!.x))
      .toBe(Math.round(moved.x));
  });

  test("FM-DIALOG-018 FM-DIALOG-022 the page does not scroll under a dialog, and an error scrolls the dialog up", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 360 });
    const [first, second] = await tagsFor(page, `Dlg ${RUN} scroll`, 2);
    const canScroll = async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      // Over the page's content, clear of the sidebar and of the centred dialog.
      await page.mouse.move(1150, 300);
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(300);
      return page.evaluate(() => window.scrollY > 0);
    };
    expect(await canScroll()).toBe(true);

    await openEdit(page, first!);
    const dialog = editDialog(page, first!);
    expect(await canScroll()).toBe(false);

    // The form is taller than the dialog: scrolled to its end, a failed save scrolls it up.
    const body = dialog.locator("[data-dialog-body]");
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await dialog.getByRole("textbox", { name: "Name" }).fill(second!.name);
    await body.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription(
      "A tag with this name already exists in this company.",
    );
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBe(0);

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    expect(await canScroll()).toBe(true);
  });

  test("FM-DIALOG-028 a delete confirmation switched off with “Do not show this again” comes back from the table preferences", async ({
    page,
  }) => {
    const [first, second, third] = await tagsFor(page, `Dlg ${RUN} reminder`, 3);
    const rows = page.getByRole("table", { name: "Tags" }).getByRole("row");

    await page.getByRole("button", { name: `Delete ${first!.name}` }).click();
    let prompt = page.getByRole("dialog", { name: `Delete tag “${first!.name}”?` });
    await prompt.getByRole("checkbox", { name: "Do not show this again" }).check();
    await prompt.getByRole("button", { name: "Delete" }).click();
    await expect(prompt).toHaveCount(0);
    await expect(rows).toHaveCount(3);

    // Switched off: the next delete happens without asking.
    await page.getByRole("button", { name: `Delete ${second!.name}` }).click();
    await expect(page.getByText("Tag deleted successfully").first()).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(page.locator("[data-dialog-frame]")).toHaveCount(0);

    // The table's preferences show it again.
    await page.getByRole("button", { name: "Reminders" }).click();
    await page.getByRole("menuitem", { name: "Show again: Delete tag confirmation" }).click();
    await page.getByRole("button", { name: `Delete ${third!.name}` }).click();
    prompt = page.getByRole("dialog", { name: `Delete tag “${third!.name}”?` });
    await expect(prompt).toBeVisible();
    await prompt.getByRole("button", { name: "Cancel" }).click();
    await expect(prompt).toHaveCount(0);
    await expect(rows).toHaveCount(2);

    // The choice is the user's, kept on the server: it holds after a reload.
    await page.reload();
    await page.getByRole("button", { name: `Delete ${third!.name}` }).click();
    await expect(page.getByRole("dialog", { name: `Delete tag “${third!.name}”?` })).toBeVisible();
  });
});
