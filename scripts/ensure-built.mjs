// Builds the console or the server when its output is missing or older than its sources,
// so `npm start`, the tests that start server processes and the e2e suite always run what
// the checkout contains.
//   node scripts/ensure-built.mjs web server [--force]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Each build: what it writes last, what it is made from, and the workspace whose `build` makes it. */
const builds = {
  web: {
    label: "the console",
    output: "apps/web/dist/index.html",
    workspace: "@netfleet/web",
    sources: [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/public",
      "apps/web/vite.config.ts",
      "packages/contracts/src",
      "package-lock.json",
    ],
  },
  server: {
    label: "the server",
    output: "apps/server/dist/main.js",
    workspace: "@netfleet/server",
    sources: [
      "apps/server/src",
      "apps/server/package.json",
      "scripts/build-server.mjs",
      "packages/contracts/src",
      "package-lock.json",
    ],
  },
};

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** @param {keyof typeof builds} name */
export function ensureBuilt(name, { force = false } = {}) {
  const { label, output, workspace, sources } = builds[name];
  const dist = path.join(root, output);
  const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (!force && builtAt > changedAt) return;
  process.stdout.write(`Building ${label}…\n`);
  const result = spawnSync("npm", ["run", "build", "-w", workspace], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`Building ${label} failed.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes("--force");
  for (const name of process.argv.slice(2).filter((arg) => !arg.startsWith("--")))
    ensureBuilt(name, { force });
}
