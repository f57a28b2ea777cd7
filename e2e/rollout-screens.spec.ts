import { expect, test, type Page } from "@playwright/test";
import { signIn, xsrf } from "./support";

/**
 * Pictures of the Update firmware and Upload backup pages, light and dark, on a phone and
 * a wide screen, kept with the test results so that their layout can be looked at.
 */
const PAGES = [
  { path: "/management/update-firmware", title: "Update firmware", submit: "Start the update" },
  { path: "/management/upload-backup", title: "Upload backup", submit: "Start the upload" },
] as const;

async function useScheme(page: Page, scheme: "off" | "on") {
  const { hostname } = new URL(page.url());
  await page
    .context()
    .addCookies([{ name: "darkMode", value: scheme, domain: hostname, path: "/" }]);
}

test("the rollout pages, light and dark, narrow and wide", async ({ page }, info) => {
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@demo.example.com");
  const devices = (await (await page.request.get("/api/devices?limit=3&fields=id")).json()) as {
    data: { id: number }[];
  };
  const selection = devices.data.map((d) => d.id).join(",");
  // A file of each kind, so that the file choice has something to show.
  const stamp = Date.now();
  for (const [type, name, extra] of [
    ["firmware", `RUTX_R_00.07.${stamp}.bin`, { version: "7.10", device_model: "RUTX11" }],
    ["config", `site-${stamp}.tar.gz`, {}],
  ] as const) {
    const upload = await page.request.post("/api/files", {
      headers: await xsrf(page),
      multipart: {
        type,
        ...extra,
        file: { name, mimeType: "application/octet-stream", buffer: Buffer.from(name.repeat(64)) },
      },
    });
    expect(upload.status()).toBe(200);
  }

  for (const { path, title, submit } of PAGES) {
    const slug = path.split("/").at(-1)!;
    for (const scheme of ["off", "on"] as const) {
      await useScheme(page, scheme);
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        // As the device list's bulk bar opens them: ticked devices, and all matching.
        await page.goto(
          slug === "update-firmware"
            ? `${path}?selection=${selection}`
            : `${path}?selection=all&status=online&q=RUT`,
        );
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(
          page.getByText(
            slug === "update-firmware"
              ? "Devices selected on the device list: 3"
              : /^Every device matching the device list's filters: \d+$/,
          ),
        ).toBeVisible();
        await expect(
          page.getByRole("heading", { level: 2, name: "Pending updates" }),
        ).toBeVisible();
        await page.waitForTimeout(300);
        const name = `${slug}-${scheme === "on" ? "dark" : "light"}-${width}`;
        await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
      }
    }

    // What a submit with nothing chosen says, and the file choice opened.
    await useScheme(page, "off");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await page.getByRole("textbox", { name: "Maintenance window from" }).fill("2200");
    await page.getByRole("button", { name: submit }).click();
    await expect(
      page.getByText("Give both ends of the maintenance window, or neither."),
    ).toBeVisible();
    await page.screenshot({ path: info.outputPath(`${slug}-errors.png`), fullPage: true });
    await page
      .getByRole("textbox", { name: /file|backup/i })
      .first()
      .click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: info.outputPath(`${slug}-file-choice.png`) });
  }
});
