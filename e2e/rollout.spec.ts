import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { apiAs, signIn, xsrf } from "./support";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const agentBin = path.join(root, "apps/agent/bin/netfleet-agent.mjs");

/**
 * The branded server: its fleet grows here, so that the device counts other journeys
 * expect on the main server stay as seeded.
 */
const SERVER = process.env.E2E_BRANDED_URL!;
const ADMIN = "admin.south@demo.example.com";
const COMPANY = "Southfield Telecom";
const FLEET_SIZE = 3;

/** What the Action status dialog's device table may show between "Queued" and "Done". */
const UNDER_WAY = ["Sending", "Downloading", "Installing", "Rebooting"];

interface Device {
  id: number;
  name: string;
  serial: string;
  status: number;
  firmware?: string;
  tags: { id: number }[];
}

function stopped(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

function readSerials(file: string): string[] {
  if (!fs.existsSync(file)) return [];
  try {
    const state = JSON.parse(fs.readFileSync(file, "utf8")) as { devices: { serial: string }[] };
    return state.devices.map((d) => d.serial);
  } catch {
    // Caught while the simulator writes it.
    return [];
  }
}

declare global {
  interface Window {
    /** Every text the Action status dialog's device table showed in its State column. */
    __stepStates?: string[];
  }
}

test("a firmware file uploaded on the Files page is rolled out to a tag of simulated devices: the Action status dialog follows it to the end and the device list shows the new firmware", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now()).slice(-6);
  const version = `RUTX_R_00.07.3${stamp}`;
  const fileName = `${version}_WEBUI.bin`;
  const tagName = `Rollout ${stamp}`;
  const seed = Number(stamp) + 1;
  const content = randomBytes(256 * 1024);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-rollout-"));
  const stateFile = path.join(work, "state.json");
  const { api, post } = await apiAs(SERVER, ADMIN);
  const me = (await (await api.get("/api/user")).json()) as { data: { company: { id: number } } };
  const companyId = me.data.company.id;
  const tokenAnswer = await api.get(`/api/companies/${companyId}/enrolment-token`);
  expect(tokenAnswer.status()).toBe(200);
  const { token } = ((await tokenAnswer.json()) as { data: { token: string } }).data;

  // A small fleet of its own: quick heartbeats, no connection losses, every update accepted.
  let output = "";
  const simulator = spawn(
    process.execPath,
    [
      agentBin,
      "simulate",
      ...["--server", SERVER, "--token", token, "--devices", String(FLEET_SIZE)],
      ...["--state", stateFile, "--interval", "2", "--outages", "0", "--seed", String(seed)],
    ],
    { cwd: work, stdio: ["ignore", "pipe", "pipe"] },
  );
  simulator.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  simulator.stderr?.on("data", (d: Buffer) => (output += d.toString()));

  try {
    await expect
      .poll(() => readSerials(stateFile).length, {
        timeout: 60_000,
        message: "the simulator enrols its devices",
      })
      .toBe(FLEET_SIZE);
    const serials = readSerials(stateFile);
    const lookUp = async (serial: string) => {
      const answer = await api.get(`/api/devices?q=${encodeURIComponent(serial)}`);
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { data: Device[] }).data.find((d) => d.serial === serial);
    };
    // Online before the rollout starts, so that each gets its task at once.
    await expect
      .poll(async () => (await Promise.all(serials.map(lookUp))).map((d) => d?.status), {
        timeout: 60_000,
        message: "the simulated devices come online",
      })
      .toEqual(serials.map(() => 1));
    const devices = (await Promise.all(serials.map(lookUp))) as Device[];
    for (const device of devices) expect(device.firmware).not.toBe(version);

    // A tag of their own, on exactly these devices (tagging runs as an action).
    const created = await post("/api/tags", { company_id: companyId, name: tagName });
    expect(created.status()).toBe(201);
    const tagId = ((await created.json()) as { data: { id: number } }).data.id;
    const assigned = await api.put("/api/devices/tags/assign", {
      data: { data: devices.map((d) => ({ device_id: d.id, tag_id: [tagId] })) },
      headers: await xsrf(api),
    });
    expect(assigned.status()).toBe(200);
    await expect
      .poll(
        async () => {
          const answer = await api.get(`/api/devices?tag_id=${tagId}&limit=10`);
          return ((await answer.json()) as { data: Device[] }).data.map((d) => d.serial).sort();
        },
        { timeout: 30_000, message: "the devices carry the new tag" },
      )
      .toEqual([...serials].sort());

    // The Files page: upload the firmware, its version left for the name to give.
    await signIn(page, ADMIN, `${SERVER}/management/files`);
    await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
    await page.getByRole("button", { name: "Upload file" }).click();
    const upload = page.getByRole("dialog", { name: "Upload file" });
    await upload.getByRole("textbox", { name: "Company" }).click();
    await page.getByRole("option", { name: COMPANY, exact: true }).click();
    await upload.locator("input[type=file]").setInputFiles({
      name: fileName,
      mimeType: "application/octet-stream",
      buffer: content,
    });
    await upload.getByRole("button", { name: "Upload file" }).click();
    await expect(upload).toBeHidden({ timeout: 30_000 });
    const fileRow = page
      .getByRole("table", { name: "Files" })
      .getByRole("row")
      .filter({ hasText: fileName });
    await expect(fileRow).toBeVisible();
    await expect(fileRow).toContainText("Firmware");

    // The Update firmware page: this file, every device with the tag, all in one wave.
    await page.goto(`${SERVER}/management/update-firmware`);
    await expect(page.getByRole("heading", { level: 1, name: "Update firmware" })).toBeVisible();
    const fileChoice = page.getByRole("textbox", { name: "Firmware file" });
    await fileChoice.click();
    await fileChoice.fill(fileName);
    await page.getByRole("option").filter({ hasText: fileName }).click();
    await expect(fileChoice).toHaveValue(new RegExp(`^${fileName.replaceAll(".", "\\.")}`));
    await expect(page.getByRole("radio", { name: "Every device with a tag" })).toBeChecked();
    const tagChoice = page.getByRole("textbox", { name: "Tag", exact: true });
    await tagChoice.click();
    await tagChoice.fill(tagName);
    await page.getByRole("option", { name: tagName, exact: true }).click();
    await expect(tagChoice).toHaveValue(tagName);
    const canary = page.getByRole("textbox", { name: "Canary share" });
    await canary.fill("0");
    await expect(canary).toHaveValue("0");

    // Every state the dialog's device table ever shows, however briefly.
    await page.evaluate(() => {
      const seen = new Set<string>();
      window.__stepStates = [];
      const note = () => {
        const cells = document.querySelectorAll('[role="dialog"] table tbody td:nth-child(2)');
        cells.forEach((cell) => {
          const text = (cell.textContent ?? "").trim();
          if (text && !seen.has(text)) {
            seen.add(text);
            window.__stepStates!.push(text);
          }
        });
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.getByRole("button", { name: "Start the update" }).click();

    const status = page.getByRole("dialog", { name: "Action status" });
    await expect(status).toBeVisible();
    await expect(status.getByText(`File: ${fileName}`, { exact: false })).toBeVisible({
      timeout: 30_000,
    });
    const steps = status.getByRole("table", { name: "Devices" });
    await expect(steps.getByRole("row")).toHaveCount(FLEET_SIZE + 1, { timeout: 30_000 });

    // Download, check, install, reboot onto the new version and answer: about 15 s a device.
    await expect(status.getByText("Completed", { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(status.getByText(`${FLEET_SIZE} of ${FLEET_SIZE} done, 0 failed`)).toBeVisible();
    for (const device of devices) {
      const row = steps.getByRole("row").filter({ hasText: device.name });
      await expect(row.getByRole("cell").nth(1)).toHaveText("Done");
      await expect(row).toContainText(version);
    }
    // The devices were seen on their way: a table reload comes at least every 5 s, and a
    // simulated device installs for 2 s, then reboots for 5 to 10 s.
    const seen = await page.evaluate(() => window.__stepStates ?? []);
    expect(seen, `states the device table showed: ${seen.join(", ")}`).toContain("Done");
    expect(
      seen.filter((state) => UNDER_WAY.includes(state)),
      `states the device table showed: ${seen.join(", ")}`,
    ).not.toEqual([]);
    await status.getByRole("button", { name: "Close" }).last().click();
    await expect(status).toBeHidden();

    // The device list, narrowed to the tag, with its Firmware column shown.
    await page.goto(`${SERVER}/management/devices?tag_id=${tagId}`);
    const table = page.getByRole("table", { name: "Devices" });
    await expect(table.getByRole("row")).toHaveCount(FLEET_SIZE + 1);
    const columns = page.getByRole("button", { name: "Columns", exact: true });
    const defaultColumns = page.getByRole("button", { name: "Back to the default columns" });
    await columns.click();
    const firmwareColumn = page.getByRole("checkbox", { name: "Firmware", exact: true });
    await firmwareColumn.check();
    await page.keyboard.press("Escape");
    // The chooser closes with a short transition; it is gone before it is opened again.
    await expect(defaultColumns).toBeHidden();
    await expect(table.getByRole("columnheader", { name: "Firmware" })).toBeVisible();
    const headers = await table.getByRole("columnheader").allInnerTexts();
    const firmwareIndex = headers.findIndex((h) => h.trim() === "Firmware");
    expect(firmwareIndex, `columns: ${headers.join(", ")}`).toBeGreaterThanOrEqual(0);
    for (const device of devices) {
      const row = table.getByRole("row").filter({ hasText: device.serial });
      await expect(row.getByRole("cell").nth(firmwareIndex)).toHaveText(version);
    }
    // The list's columns as they were, for the other journeys of this user.
    await columns.click();
    await defaultColumns.click();
    await page.keyboard.press("Escape");
    await expect(table.getByRole("columnheader", { name: "Firmware" })).toHaveCount(0);

    simulator.kill("SIGTERM");
    expect(await stopped(simulator)).toBe(0);
  } finally {
    if (simulator.exitCode === null) simulator.kill("SIGKILL");
    fs.rmSync(work, { recursive: true, force: true });
    // What the devices said, kept with the results: the first thing to read when it fails.
    await test.info().attach("simulator.log", { body: `seed ${seed}\n${output}` });
    await api.dispose();
  }
});
