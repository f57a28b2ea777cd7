import { describe, expect, it } from "vitest";
import { BUILD_TIMESTAMP } from "@netfleet/contracts/constants";
import { buildTimestamp, isNewerVersion, shouldCheckVersion } from "./version-check";

describe("version check rules", () => {
  it("SH-START-015 finds a version newer than both the stored and the build timestamp", () => {
    expect(isNewerVersion(300, 200, 100)).toBe(true);
    expect(isNewerVersion(300, 0, 100)).toBe(true);
  });

  it("SH-START-016 finds nothing newer when the server is not ahead of either timestamp", () => {
    expect(isNewerVersion(200, 200, 100)).toBe(false);
    expect(isNewerVersion(150, 200, 100)).toBe(false);
    expect(isNewerVersion(100, 0, 100)).toBe(false);
    expect(isNewerVersion(90, 0, 100)).toBe(false);
  });

  it("SH-START-018 skips the check on localhost only", () => {
    expect(shouldCheckVersion("localhost")).toBe(false);
    expect(shouldCheckVersion("console.example.com")).toBe(true);
    expect(shouldCheckVersion("127.0.0.1")).toBe(true);
  });

  it("counts the bundle's own build time, never less than the product's release", () => {
    expect(buildTimestamp()).toBeGreaterThanOrEqual(BUILD_TIMESTAMP);
    // The build stamps the bundle with the time it ran, which is after that release.
    expect(buildTimestamp()).toBeGreaterThan(BUILD_TIMESTAMP);
  });
});
