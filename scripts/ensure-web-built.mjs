// Builds the console bundle when it is missing or older than its sources, so `npm start`
// and the e2e suite always serve what the checkout contains.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/public",
  "apps/web/vite.config.ts",
  "packages/contracts/src",
  "package-lock.json",
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function ensureWebBuilt({ force = false } = {}) {
  const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (!force && builtAt > changedAt) return;
  process.stdout.write("Building the console…\n");
  const result = spawnSync("npm", ["run", "build", "-w", "@netfleet/web"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("Building the console failed.");
}

if (import.meta.url === `file://${process.argv[1]}`)
  ensureWebBuilt({ force: process.argv.includes("--force") });
