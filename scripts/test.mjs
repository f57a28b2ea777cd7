// `npm test`: every tier in order, stopping at the first failure, with each tier's time.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Tiers in order; the checks of one entry run side by side. Type checking, lint and the
 * format check are each mostly one thread, so on two cores they share the time; their
 * output is held back and printed one after another.
 */
const tiers = [
  [
    ["Type check", "npm", ["run", "typecheck"]],
    ["Lint", "npm", ["run", "lint"]],
    ["Format", "npm", ["run", "format:check"]],
  ],
  [
    [
      "Unit tests",
      "npx",
      ["vitest", "run", "--project", "unit", "--project", "web", "--project", "web-mocks"],
    ],
  ],
  [
    [
      "API tests on PGlite",
      "npx",
      ["vitest", "run", "--project", "api"],
      { NETFLEET_TEST_DB: "pglite" },
    ],
  ],
];
if (process.env.TEST_DATABASE_URL) {
  tiers.push([
    [
      "API tests on PostgreSQL",
      "npx",
      ["vitest", "run", "--project", "api"],
      { NETFLEET_TEST_DB: "postgres" },
    ],
  ]);
} else {
  process.stdout.write("TEST_DATABASE_URL is not set: the API tests run on PGlite only.\n");
}
tiers.push([["End-to-end tests", "node", ["scripts/e2e.mjs"]]]);

/** Runs one check; its output goes straight through when it runs alone, else is kept. */
function run([name, command, args, env], alone) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("close", (status) =>
      resolve({ name, status, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
    );
  });
}

const started = Date.now();
const times = [];
for (const tier of tiers) {
  if (tier.length === 1) process.stdout.write(`\n=== ${tier[0][0]} ===\n`);
  const results = await Promise.all(tier.map((check) => run(check, tier.length === 1)));
  for (const result of results) {
    if (tier.length > 1) process.stdout.write(`\n=== ${result.name} ===\n${result.output}`);
    times.push(`${result.name} ${result.seconds}s`);
    process.stdout.write(
      result.status === 0
        ? `✓ ${result.name} (${result.seconds}s)\n`
        : `\n✗ ${result.name} failed after ${result.seconds}s\n`,
    );
  }
  const failed = results.find((result) => result.status !== 0);
  if (failed) process.exit(failed.status ?? 1);
}
process.stdout.write(
  `\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)}s: ${times.join(", ")}.\n`,
);
