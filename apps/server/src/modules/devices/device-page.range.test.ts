import { describe, expect, it } from "vitest";
import { DEVICE_HISTORY } from "@netfleet/contracts/schemas/device-page";
import { bucketSeconds, resolveRange, usagePeriod } from "./device-page.range";

const NOW = new Date("2026-03-31T12:00:00Z");
const HOUR = 3_600_000;
const span = (hours: number) => ({ start: new Date(NOW.getTime() - hours * HOUR), end: NOW });

describe("device history ranges", () => {
  it("reads RMS dates as UTC and ISO dates with their offset, defaulting to the last day", () => {
    expect(
      resolveRange(
        { start_date: "2026-03-30 00:00:00", end_date: "2026-03-31T02:00:00+02:00" },
        NOW,
      ),
    ).toEqual({
      start: new Date("2026-03-30T00:00:00Z"),
      end: new Date("2026-03-31T00:00:00Z"),
    });
    expect(resolveRange({}, NOW)).toEqual(span(DEVICE_HISTORY.defaultRangeHours));
    expect(resolveRange({ end_date: "2026-03-01 00:00:00" }, NOW).start).toEqual(
      new Date("2026-02-28T00:00:00Z"),
    );
  });

  it("refuses a start after now when no end is given, naming the start", () => {
    expect(() => resolveRange({ start_date: "2026-04-01 00:00:00" }, NOW)).toThrow(
      expect.objectContaining({ status: 422, source: "start_date" }),
    );
  });

  it("cuts any range into fewer buckets than a chart draws", () => {
    for (const hours of [0.01, 1, 6, 24, 24 * 7, 24 * 30, 24 * DEVICE_HISTORY.maxRangeDays]) {
      const step = bucketSeconds(span(hours), DEVICE_HISTORY.maxPoints);
      // Buckets start at multiples of the step: the range touches at most one more.
      expect(Math.ceil((hours * 3600) / step) + 1, `${hours} h`).toBeLessThanOrEqual(
        DEVICE_HISTORY.maxPoints,
      );
    }
    expect(bucketSeconds(span(24), DEVICE_HISTORY.maxPoints)).toBe(300);
  });

  it("counts data usage per hour up to two days, per day beyond", () => {
    expect(usagePeriod(span(48))).toBe("hour");
    expect(usagePeriod(span(49))).toBe("day");
  });
});
