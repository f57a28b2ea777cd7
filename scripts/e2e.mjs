// The e2e tier: Debian's Chromium (installed with apt-get when missing, never
// downloaded by a test tool), a current console build, then the Playwright runner.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBuilt } from "./ensure-built.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromium = "/usr/bin/chromium";

if (!fs.existsSync(chromium)) {
  process.stdout.write("Chromium is missing; installing Debian's package…\n");
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args) =>
    spawnSync(sudo[0] ?? args[0], sudo.length ? args : args.slice(1), { stdio: "inherit" });
  run(["apt-get", "update"]);
  const install = run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"]);
  if (install.status !== 0 || !fs.existsSync(chromium)) {
    process.stderr.write(
      "Could not install Chromium with apt-get; install the 'chromium' package and retry.\n",
    );
    process.exit(1);
  }
}

ensureBuilt("web");
const result = spawnSync(
  "npx",
  ["playwright", "test", "--config", "e2e/playwright.config.ts", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
process.exit(result.status ?? 1);
