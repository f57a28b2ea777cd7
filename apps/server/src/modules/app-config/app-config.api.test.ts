import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig } from "@netfleet/contracts/schemas/app-config";
import { DEFAULT_THEME } from "@netfleet/contracts/schemas/theme";
import { buildApp } from "../../app";
import { parseEnv } from "../../env";
import { TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";

let dir: string;
let plain: TestApp;
let branded: TestApp;

function writeTheme(name: string, content: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-theme-"));
  plain = await buildTestApp();
  branded = await buildTestApp({
    THEME_FILE: writeTheme(
      "brand.json",
      JSON.stringify({ main_color: "#0b7285", app_name: "FleetOps", showData: false }),
    ),
    ERROR_REPORT_URL: "https://errors.example.com/api/12/envelope",
  });
});
afterAll(async () => {
  await plain.close();
  await branded.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function appConfig(t: TestApp) {
  const res = await new TestAgent(t.app).get("/api/app-config");
  expect(res.statusCode).toBe(200);
  return { res, body: res.json<{ success: true; data: AppConfig }>() };
}

describe("GET /api/app-config", () => {
  it("answers anyone with the default theme, no error reporting and no map tiles, cacheable for a minute", async () => {
    const { res, body } = await appConfig(plain);
    expect(body).toEqual({
      success: true,
      data: { theme: DEFAULT_THEME, error_reporting: null, map_tile_url: null },
    });
    expect(body.data.theme.default).toBe(true);
    expect(res.headers["cache-control"]).toBe("public, max-age=60");
  });

  it("keeps the default theme with the buy link of BUY_URL", async () => {
    const shop = await buildTestApp({ BUY_URL: "https://shop.example.com/credits" });
    try {
      const { body } = await appConfig(shop);
      expect(body.data.theme).toEqual({
        ...DEFAULT_THEME,
        buy_link: "https://shop.example.com/credits",
      });
      expect(body.data.theme.default).toBe(true);
    } finally {
      await shop.close();
    }
  });

  it("merges THEME_FILE over the default theme and marks it as not the default", async () => {
    const { body } = await appConfig(branded);
    expect(body.data.theme).toEqual({
      ...DEFAULT_THEME,
      default: false,
      main_color: "#0b7285",
      app_name: "FleetOps",
      showData: false,
    });
  });

  it("names the reporter from ERROR_REPORT_URL and lets the console connect to its origin only", async () => {
    const { body } = await appConfig(branded);
    expect(body.data.error_reporting).toEqual({
      url: "https://errors.example.com/api/12/envelope",
    });
    const csp = String(
      (await new TestAgent(branded.app).get("/healthz")).headers["content-security-policy"],
    );
    expect(csp).toContain("connect-src 'self' https://errors.example.com;");
    const plainCsp = String(
      (await new TestAgent(plain.app).get("/healthz")).headers["content-security-policy"],
    );
    expect(plainCsp).toContain("connect-src 'self';");
  });
});

describe("MAP_TILE_URL", () => {
  it("is handed to the console, and its host, subdomains included, may serve images", async () => {
    const tiled = await buildTestApp({
      MAP_TILE_URL: "https://{s}.tiles.example.com/{z}/{x}/{y}.png",
    });
    try {
      const { body } = await appConfig(tiled);
      expect(body.data.map_tile_url).toBe("https://{s}.tiles.example.com/{z}/{x}/{y}.png");
      const csp = String(
        (await new TestAgent(tiled.app).get("/healthz")).headers["content-security-policy"],
      );
      expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.com;");
      const plainCsp = String(
        (await new TestAgent(plain.app).get("/healthz")).headers["content-security-policy"],
      );
      expect(plainCsp).toContain("img-src 'self' data: blob:;");
    } finally {
      await tiled.close();
    }
  });
});

describe("THEME_FILE at start", () => {
  const start = (themeFile: string) =>
    buildApp({
      env: parseEnv({
        NODE_ENV: "test",
        SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
        THEME_FILE: themeFile,
        MQTT_PORT: "0",
      }),
      database: plain.database,
      logger: false,
    });

  it("stops the server with the field and the reason when the file does not validate", async () => {
    const file = writeTheme("bad.json", JSON.stringify({ main_color: 42, logo: "x.svg" }));
    await expect(start(file)).rejects.toThrow(
      new RegExp(
        `^THEME_FILE ${file} is not a valid theme:\\n  main_color: .*\\n  \\(the file\\): Unrecognized key: "logo"$`,
      ),
    );
  });

  it("stops the server when the file is missing or not JSON", async () => {
    await expect(start(path.join(dir, "missing.json"))).rejects.toThrow(/cannot be read/);
    await expect(start(writeTheme("broken.json", "{ main_color: "))).rejects.toThrow(
      /is not valid JSON/,
    );
  });
});
