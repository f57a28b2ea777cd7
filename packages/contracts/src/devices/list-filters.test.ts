import { describe, expect, it } from "vitest";
import { signalBucketOf, statusFilterOf } from "./list-filters";

describe("the device list's filter vocabulary", () => {
  it("grades signal: excellent from -70 dBm, average from -85 dBm, low below, none without a reading", () => {
    expect([-50, -70, -71, -85, -86, -120].map(signalBucketOf)).toEqual([
      "excellent",
      "excellent",
      "average",
      "average",
      "low",
      "low",
    ]);
    expect(signalBucketOf(null)).toBe("no_signal");
    expect(signalBucketOf(undefined)).toBe("no_signal");
  });

  it("FM-ENTITY-012 files statuses 0, 1 and 2 as offline, online and pending, any other as not activated", () => {
    expect([0, 1, 2, 3, -1, 7].map(statusFilterOf)).toEqual([
      "offline",
      "online",
      "pending",
      "not_activated",
      "not_activated",
      "not_activated",
    ]);
  });
});
