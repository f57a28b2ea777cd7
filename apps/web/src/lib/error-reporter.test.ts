import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./api-request-error";
import { type ErrorReport, configureErrorReporter, reportError } from "./error-reporter";

const URL_ = "https://errors.example.test/report";

let beacons: { url: string; report: ErrorReport }[];

beforeEach(() => {
  beacons = [];
  // The transport is the one thing faked: a report must never leave a test run.
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, body: string) => {
      beacons.push({ url, report: JSON.parse(body) as ErrorReport });
      return true;
    },
  });
  window.history.replaceState(null, "", "/account/reset-password?token=secret#top");
});

afterEach(() => {
  configureErrorReporter(null);
  Reflect.deleteProperty(navigator, "sendBeacon");
  vi.unstubAllGlobals();
});

/**
 * Raises an uncaught error as the browser would. The test marks it handled afterwards, so
 * that the test runner does not treat the staged error as a real one.
 */
function raiseUncaught(event: ErrorEvent) {
  const handled = (e: ErrorEvent) => e.preventDefault();
  window.addEventListener("error", handled);
  window.dispatchEvent(event);
  window.removeEventListener("error", handled);
}

function withStack(message: string, frame: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at handler (${frame})`;
  return error;
}

describe("the error reporter", () => {
  it("is off by default: nothing is sent", () => {
    expect(reportError(new Error("Boom"))).toBe(false);
    raiseUncaught(new ErrorEvent("error", { error: new Error("Boom"), message: "Boom" }));
    expect(beacons).toEqual([]);
  });

  it("posts uncaught errors as JSON to the configured URL, without the page's query", () => {
    configureErrorReporter({ url: URL_, environment: "staging" }, { random: () => 0 });

    const error = new TypeError("user.company is undefined");
    raiseUncaught(new ErrorEvent("error", { error, message: error.message }));

    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(URL_);
    expect(beacons[0]?.report).toMatchObject({
      type: "TypeError",
      message: "user.company is undefined",
      page: `${window.location.origin}/account/reset-password`,
      release: "5.15.0",
      environment: "staging",
    });
    expect(beacons[0]?.report.stack).toContain("user.company is undefined");
  });

  it("posts unhandled promise rejections", () => {
    configureErrorReporter({ url: URL_ }, { random: () => 0 });

    const event = new Event("unhandledrejection");
    Object.assign(event, { reason: new RangeError("Invalid time value") });
    window.dispatchEvent(event);

    expect(beacons.map((b) => b.report.message)).toEqual(["Invalid time value"]);
  });

  it("SH-ERR-021 samples 25% of the events", () => {
    const draws = [0.1, 0.249, 0.25, 0.9];
    configureErrorReporter({ url: URL_ }, { random: () => draws.shift() ?? 1 });

    const sent = [1, 2, 3, 4].map((i) => reportError(new Error(`Boom ${i}`)));

    expect(sent).toEqual([true, true, false, false]);
    expect(beacons.map((b) => b.report.message)).toEqual(["Boom 1", "Boom 2"]);
  });

  it.each([
    "Failed to fetch dynamically imported module: https://console.example/assets/devices-1a2b.js",
    "Loading chunk 42 failed.",
    "ChunkLoadError: Loading chunk 7 failed",
    "Network Error",
    "Failed to fetch",
    "NetworkError when attempting to fetch resource.",
    "ResizeObserver loop completed with undelivered notifications.",
    "timeout of 30000ms exceeded",
    "The operation timed out.",
  ])("SH-ERR-022 ignores the noise %j", (message) => {
    configureErrorReporter({ url: URL_ }, { random: () => 0 });
    expect(reportError(new Error(message))).toBe(false);
    expect(beacons).toEqual([]);
  });

  it("SH-ERR-022 ignores calls that found no server, timed out or were cancelled", () => {
    configureErrorReporter({ url: URL_ }, { random: () => 0 });

    expect(reportError(new ApiRequestError({ status: 0 }))).toBe(false);
    expect(reportError(new ApiRequestError({ status: 408 }))).toBe(false);
    expect(reportError(new ApiRequestError({ status: 0, cancelReason: "Route changed" }))).toBe(
      false,
    );
    expect(reportError(new ApiRequestError({ status: 500 }))).toBe(true);
  });

  it.each([
    "chrome-extension://abcdefghijklmnop/content.js:1:200",
    "moz-extension://0f1e2d3c/inject.js:10:3",
    "safari-web-extension://4B2C/script.js:2:9",
    "https://www.googletagmanager.com/gtm.js?id=GTM-XYZ:1:300",
    "https://www.google-analytics.com/analytics.js:1:20",
    "https://www.googletagmanager.com/gtag/js?id=G-1:2:3",
    "https://static.hotjar.com/c/hotjar-123.js:1:9",
    "https://cdn.segment.com/analytics.js/v1/key/analytics.min.js:1:1",
  ])("SH-ERR-023 drops events whose stack comes from %s", (frame) => {
    configureErrorReporter({ url: URL_ }, { random: () => 0 });
    expect(reportError(withStack("Cannot read properties of null", frame))).toBe(false);
    expect(beacons).toEqual([]);
  });

  it("SH-ERR-023 drops an uncaught error raised by an extension's script", () => {
    configureErrorReporter({ url: URL_ }, { random: () => 0 });

    window.dispatchEvent(
      new ErrorEvent("error", {
        message: "Script error.",
        filename: "chrome-extension://abcdefghijklmnop/content.js",
      }),
    );

    expect(beacons).toEqual([]);
  });

  it("reports errors from the console's own scripts", () => {
    configureErrorReporter({ url: URL_ }, { random: () => 0 });
    const own = withStack(
      "Cannot read properties of null",
      `${window.location.origin}/assets/index-9f.js:1:2`,
    );
    expect(reportError(own)).toBe(true);
  });

  it("stops listening when turned off", () => {
    configureErrorReporter({ url: URL_ }, { random: () => 0 });
    configureErrorReporter(null);

    raiseUncaught(new ErrorEvent("error", { error: new Error("Boom"), message: "Boom" }));

    expect(reportError(new Error("Boom"))).toBe(false);
    expect(beacons).toEqual([]);
  });

  it("falls back to fetch, without cookies, where beacons are unavailable", () => {
    Reflect.deleteProperty(navigator, "sendBeacon");
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetch);
    configureErrorReporter({ url: URL_ }, { random: () => 0 });

    reportError(new Error("Boom"));

    expect(fetch).toHaveBeenCalledExactlyOnceWith(
      URL_,
      expect.objectContaining({ method: "POST", credentials: "omit", keepalive: true }),
    );
  });
});
