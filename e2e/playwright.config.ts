import { defineConfig } from "@playwright/test";

/**
 * Playwright's own `--disable-features` list (a second one on the command line replaces it),
 * and Chromium's WebUI address-bar popups: every new window rendered them in a renderer of
 * their own, most of a second of CPU per journey that no journey looks at.
 */
const DISABLED_FEATURES = [
  "AimEnabled",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsFirstBalancedModeAutoEnable",
  "HttpsUpgrades",
  "LensOverlay",
  "MediaRouter",
  "NetworkTimeServiceQuerying",
  "OptimizationHints",
  "PaintHolding",
  "PreconnectToSearch",
  "ThirdPartyStoragePartitioning",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
  "WebUIOmniboxPopup",
];

/**
 * Journeys in Debian's Chromium against the real server, started by global-setup.ts on
 * free ports with fresh demo databases. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  globalSetup: "./global-setup.ts",
  // Four servers and two browsers share two cores: a loaded machine answers late, not wrongly.
  // On a slower host of this kind a journey that passes has taken 37 s.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "../playwright-report" }]],
  outputDir: "../test-results",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--disable-features=${DISABLED_FEATURES.join(",")}`,
      ],
    },
  },
});
