import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

const webRoot = path.join(import.meta.dirname, "apps/web");

/**
 * Web test files that replace a module (`vi.mock`). They need a module graph of their own;
 * the rest share one per worker, which spares each file re-evaluating React and Mantine.
 */
const webFilesThatMock = fs
  .globSync("src/**/*.test.{ts,tsx}", { cwd: webRoot })
  .filter((file) => fs.readFileSync(path.join(webRoot, file), "utf8").includes("vi.mock("));

/**
 * Two tiers. `unit`: pure logic of contracts, server and agent in Node, and web components
 * in jsdom. `api`: the server in process (`app.inject`) on a real database, PGlite by
 * default or the PostgreSQL named by TEST_DATABASE_URL (scripts/test.mjs runs it on both).
 */
export default defineConfig({
  test: {
    // No performance hints after the summary: test output stays the tests'.
    experimental: { diagnostics: false },
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/agent/src/**/*.test.ts",
          ],
          exclude: ["**/*.api.test.ts", "**/node_modules/**"],
          environment: "node",
          // Vitest's default leaves one of two cores idle (one worker); two workers
          // nearly halve this tier.
          maxWorkers: 2,
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          root: "./apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: webFilesThatMock,
          // The setup file resets what the console keeps between renders after each test.
          isolate: false,
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
          // A loaded two-core machine renders the longest lists and menus in seconds.
          testTimeout: 20_000,
          maxWorkers: 2,
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web-mocks",
          root: "./apps/web",
          include: webFilesThatMock,
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
          testTimeout: 20_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/src/**/*.api.test.ts", "apps/agent/src/**/*.api.test.ts"],
          environment: "node",
          globalSetup: ["./apps/server/src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite runs on the event loop of its worker: two workers keep both cores busy.
          maxWorkers: 2,
        },
      },
    ],
  },
});
