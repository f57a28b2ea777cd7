// `npm test`: every tier in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const steps = [
  ["Type check", "npm", ["run", "typecheck"]],
  ["Lint", "npm", ["run", "lint"]],
  ["Format", "npm", ["run", "format:check"]],
  ["Unit tests", "npx", ["vitest", "run", "--project", "unit", "--project", "web"]],
  [
    "API tests on PGlite",
    "npx",
    ["vitest", "run", "--project", "api"],
    { NETFLEET_TEST_DB: "pglite" },
  ],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    "API tests on PostgreSQL",
    "npx",
    ["vitest", "run", "--project", "api"],
    { NETFLEET_TEST_DB: "postgres" },
  ]);
} else {
  process.stdout.write("TEST_DATABASE_URL is not set: the API tests run on PGlite only.\n");
}
steps.push(["End-to-end tests", "node", ["scripts/e2e.mjs"]]);

const started = Date.now();
for (const [name, command, args, env] of steps) {
  const t0 = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(`\n✗ ${name} failed after ${seconds}s\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✓ ${name} (${seconds}s)\n`);
}
process.stdout.write(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)}s.\n`);
