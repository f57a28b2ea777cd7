import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { ENROL_PATH } from "@netfleet/contracts/device-protocol";
import { XSS_CORPUS } from "@netfleet/contracts/xss-corpus";
import { apiAs, signIn } from "./support";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const agentBin = path.join(root, "apps/agent/bin/netfleet-agent.mjs");

/**
 * The branded server: its fleet grows here, so that the device counts other journeys
 * expect on the main server stay as seeded.
 */
const SERVER = process.env.E2E_BRANDED_URL!;
const ADMIN = "admin.south@demo.example.com";

/** The command's words as a shell would split them: the dialog shows no quoting. */
function agentArguments(command: string): string[] {
  const words = command.trim().split(/\s+/);
  expect(words.slice(0, 2)).toEqual(["npx", "netfleet-agent"]);
  return words.slice(2);
}

function stopped(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

test("a fleet started with the Add device dialog's command appears and goes Online and Offline live; a device's page shows its charts and its point on the map", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-fleet-"));
  const stateFile = path.join(work, "state.json");
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: SERVER });

  await signIn(page, ADMIN, `${SERVER}/management/devices`);
  await page.getByRole("button", { name: "Add device" }).click();
  const dialog = page.getByRole("dialog", { name: "Add device" });
  await dialog.getByText("Agent", { exact: true }).click();
  await dialog.getByRole("button", { name: "Copy: Simulate devices" }).click();
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).toMatch(
    new RegExp(`^npx netfleet-agent simulate --server ${SERVER} --token \\S+ --devices 10$`),
  );
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // The command as copied, with a state file of its own and quick heartbeats.
  let output = "";
  const simulator = spawn(
    process.execPath,
    [
      agentBin,
      ...agentArguments(command),
      "--state",
      stateFile,
      "--interval",
      "2",
      "--outages",
      "0",
    ],
    { cwd: work, stdio: ["ignore", "pipe", "pipe"] },
  );
  simulator.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  simulator.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  try {
    await expect
      .poll(() => (fs.existsSync(stateFile) ? readSerials(stateFile).length : 0), {
        timeout: 60_000,
        message: `the simulator enrols its devices:\n${output}`,
      })
      .toBe(10);
    const serials = readSerials(stateFile);

    // No reload: the list learns of the new devices from the live channel.
    const rows = page.getByRole("row").filter({ hasText: serials[0]! });
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    for (const serial of serials.slice(0, 3)) {
      await expect(
        page.getByRole("row").filter({ hasText: serial }).getByText("Online"),
      ).toBeVisible({
        timeout: 30_000,
      });
    }

    // Its measurements have reached the server before the fleet stops.
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`${SERVER}/api/devices?q=${serials[0]}`);
          return ((await answer.json()) as { data: { received?: number }[] }).data[0]?.received;
        },
        { timeout: 30_000 },
      )
      .toBeDefined();

    simulator.kill("SIGTERM");
    expect(await stopped(simulator)).toBe(0);
    for (const serial of serials.slice(0, 3)) {
      await expect(
        page.getByRole("row").filter({ hasText: serial }).getByText("Offline"),
      ).toBeVisible({ timeout: 30_000 });
    }

    // A device's page: the heartbeats it sent are charted and its position is on the map.
    await rows.first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/devices\/\d+\/activity$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(serials[0]!);
    await page.getByRole("tab", { name: "Metrics" }).click();
    const cpu = page.getByRole("img", { name: "CPU load" });
    await expect(cpu.locator("svg")).toBeVisible();
    await expect.poll(() => cpu.locator("svg path").count()).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "No measurements in this range" })).toHaveCount(
      0,
    );
    await page.getByRole("tab", { name: "Location" }).click();
    const map = page.getByRole("region", { name: "Map of the device's positions" });
    await expect(map.locator("path.leaflet-interactive").first()).toBeVisible();
    // No tile server is configured: the map fetched no tiles.
    await expect(map.locator("img.leaflet-tile")).toHaveCount(0);
  } finally {
    if (simulator.exitCode === null) simulator.kill("SIGKILL");
    fs.rmSync(work, { recursive: true, force: true });
  }
});

function readSerials(file: string): string[] {
  const state = JSON.parse(fs.readFileSync(file, "utf8")) as { devices: { serial: string }[] };
  return state.devices.map((d) => d.serial);
}

declare global {
  interface Window {
    __xss?: unknown;
  }
}

test("what devices report is shown as text in the list and on their pages, and nothing runs", async ({
  page,
}) => {
  test.slow();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { api } = await apiAs(SERVER, ADMIN);
  const me = (await (await api.get("/api/user")).json()) as { data: { company: { id: number } } };
  const tokenAnswer = await api.get(`/api/companies/${me.data.company.id}/enrolment-token`);
  const { token } = ((await tokenAnswer.json()) as { data: { token: string } }).data;
  const payloads = XSS_CORPUS.map((p) => p.replaceAll("alert(1)", "window.__xss=1"))
    // What a device reports is at most 64 characters and holds no control characters.
    .filter((p) => p.length <= 64 && [...p].every((c) => c >= " " && c !== "\u007f"));
  expect(payloads.length).toBeGreaterThan(20);
  const prefix = `77${String(Date.now()).slice(-6)}`;
  for (const [i, payload] of payloads.entries()) {
    const answer = await api.post(`${SERVER}${ENROL_PATH}`, {
      data: {
        token,
        serial: `${prefix}${String(i).padStart(2, "0")}`,
        mac: `02:00:00:00:${String(Math.floor(i / 100)).padStart(2, "0")}:${String(i % 100).padStart(2, "0")}`,
        model: payload,
        firmware: payload,
      },
    });
    expect(answer.status(), payload).toBe(201);
  }
  await api.dispose();

  // The newest first: the last payload's device leads the list.
  const last = payloads.length - 1;
  const serial = `${prefix}${String(last).padStart(2, "0")}`;
  await signIn(page, ADMIN, `${SERVER}/management/devices?q=${prefix}`);
  await expect(page.getByRole("row").filter({ hasText: serial })).toContainText(payloads[last]!);
  await page.getByRole("link", { name: serial }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(serial);
  await expect(page.getByText(`${payloads[last]!} · ${payloads[last]!}`)).toBeVisible();
  expect(await page.locator("main script, main iframe, main object, main embed").count()).toBe(0);

  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
});
