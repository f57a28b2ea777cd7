import { expect, test } from "@playwright/test";
import { apiAs, signIn } from "./support";

const DEVICE = "southfield-rutm50-22";

test("SH-ROUTE-035 a device's page opens on its activity, names the device and reboots it", async ({
  page,
  baseURL,
}) => {
  const { api } = await apiAs(baseURL!, "admin@demo.example.com");
  const found = await api.get(`/api/devices?q=${DEVICE}`);
  const id = ((await found.json()) as { data: { id: number }[] }).data[0]!.id;
  await api.dispose();

  await signIn(page, "admin@demo.example.com", `/devices/${id}`);
  await expect(page).toHaveURL(new RegExp(`/devices/${id}/activity$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEVICE);
  await expect(page).toHaveTitle(`${DEVICE} · Netfleet`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  await expect(crumbs.getByRole("link", { name: DEVICE })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No activity yet" })).toBeVisible();

  await page.getByRole("tab", { name: "Location" }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${id}/location$`));
  await expect(page.getByRole("heading", { name: "No position reported" })).toBeVisible();

  await page.getByRole("tab", { name: "Metrics" }).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${id}/metrics/dynamic$`));
  await expect(page.getByRole("heading", { name: "No measurements in this range" })).toBeVisible();

  await page.getByRole("tab", { name: "Activity" }).click();
  await page.getByRole("button", { name: "Reboot" }).click();
  const confirm = page.getByRole("dialog", { name: "Reboot the device?" });
  await confirm.getByRole("button", { name: "Reboot" }).click();
  const status = page.getByRole("dialog", { name: "Action status" });
  await expect(status.getByText(/^private-status\./)).toBeVisible();
  // The device has no agent: the action starts its task, then waits for an answer.
  await expect(status.getByText("In progress")).toBeVisible();
  await status.getByRole("button", { name: "Close" }).first().click();
  const activity = page.getByRole("list", { name: "Activity" });
  await expect(activity.getByText(/^Reboot requested/)).toBeVisible();
});
