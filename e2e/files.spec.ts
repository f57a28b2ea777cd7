import { createHash } from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { screenshots, signIn } from "./support";

const ADMIN = "admin.north@demo.example.com";

test("uploads a firmware file through the console, lists it with its checksum and downloads the same bytes", async ({
  page,
}) => {
  const name = `RUTX_R_00.07.${Date.now()}.bin`;
  const content = Buffer.from("firmware image ".repeat(4096));
  await signIn(page, ADMIN, "/management/files");
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();

  await page.getByRole("button", { name: "Upload file" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload file" });
  await page.getByRole("textbox", { name: "Company" }).click();
  await page.getByRole("option", { name: "Northwind Networks", exact: true }).click();
  await dialog.locator("input[type=file]").setInputFiles({
    name,
    mimeType: "application/octet-stream",
    buffer: content,
  });
  await dialog.getByRole("textbox", { name: "Version" }).fill("7.99");
  await dialog.getByRole("button", { name: "Upload file" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("table", { name: "Files" }).getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Firmware");
  await expect(row).toContainText("7.99");
  await expect(row).toContainText("Northwind Networks");

  const listed = (await (await page.request.get(`/api/files?q=${name}`)).json()) as {
    data: { checksum: string }[];
  };
  expect(listed.data[0]!.checksum).toBe(createHash("sha256").update(content).digest("hex"));

  const download = page.waitForEvent("download");
  await row.getByRole("button", { name: `Download ${name}` }).click();
  const saved = await (await download).path();
  expect(fs.readFileSync(saved).equals(content)).toBe(true);

  // The page as people see it, kept with the test results.
  await screenshots(page, "files", () => expect(row).toBeVisible());
});
