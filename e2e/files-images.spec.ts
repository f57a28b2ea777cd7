import { crc32, deflateSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { screenshots, signIn } from "./support";

/** A small RGB PNG with a diagonal gradient, so its thumbnail is visibly an image. */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows.set([(x * 255) / width, (y * 255) / height, 180], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("uploads a PNG on the Images tab and shows its thumbnail", async ({ page }) => {
  const name = `panel-${Date.now()}.png`;
  await signIn(page, "admin@demo.example.com", "/management/files/images");
  await expect(page.getByRole("tab", { name: "Images", selected: true })).toBeVisible();

  await page.getByRole("button", { name: "Upload image" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload image" });
  await dialog
    .locator("input[type=file]")
    .setInputFiles({ name, mimeType: "image/png", buffer: gradientPng(320, 200) });
  await dialog.getByRole("textbox", { name: "Description" }).fill("Lobby router panel");
  await dialog.getByRole("button", { name: "Upload image" }).click();
  await expect(dialog).toBeHidden();

  const row = page
    .getByRole("table", { name: "Images" })
    .getByRole("row")
    .filter({ hasText: name });
  await expect(row).toContainText("320 × 200");
  await expect(row).toContainText("Lobby router panel");
  const thumbnail = row.getByRole("img", { name });
  // The browser decoded the bytes the API served: a broken image has no natural width.
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320);

  await screenshots(page, "images", () => expect(thumbnail).toBeVisible());
});

test("uploads firmware for every company on the global firmware page", async ({ page }) => {
  await signIn(page, "superadmin@demo.example.com", "/files/global/firmware");
  const heading = page.getByRole("heading", { level: 1, name: "Global firmware" });
  await expect(heading).toBeVisible();
  const name = `RUTX_R_GLOBAL_${Date.now()}.bin`;
  await page.getByRole("button", { name: "Upload global firmware" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload global firmware" });
  await dialog.locator("input[type=file]").setInputFiles({
    name,
    mimeType: "application/octet-stream",
    buffer: Buffer.from("global firmware ".repeat(1024)),
  });
  await dialog.getByRole("button", { name: "Upload file" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await screenshots(page, "global-firmware", () => expect(row).toBeVisible());
});
