import { describe, expect, it } from "vitest";
import { rangeKeyOf, rangeParams, resolveMoment, resolveRange } from "./time-range";

const NOW = new Date("2026-03-31T12:00:00Z");

describe("chart time ranges", () => {
  it("FM-ENTITY-022 reads now and N minutes_ago, hours_ago, days_ago, weeks_ago or months_ago", () => {
    const read = (value: string) => resolveMoment(value, NOW)?.toISOString();
    expect(read("now")).toBe("2026-03-31T12:00:00.000Z");
    expect(read("15 minutes_ago")).toBe("2026-03-31T11:45:00.000Z");
    expect(read("6 hours_ago")).toBe("2026-03-31T06:00:00.000Z");
    expect(read("2 days_ago")).toBe("2026-03-29T12:00:00.000Z");
    expect(read("1 weeks_ago")).toBe("2026-03-24T12:00:00.000Z");
    expect(read("1 months_ago")).toBe("2026-03-03T12:00:00.000Z");
    for (const bad of ["yesterday", "2 years_ago", "-1 days_ago", "1 day_ago", ""])
      expect(read(bad), bad).toBeUndefined();
  });

  it("FM-ENTITY-022 refuses a range whose end is not after its start", () => {
    expect(resolveRange({ startDate: "now", endDate: "1 hours_ago" }, NOW)).toBeNull();
    expect(resolveRange({ startDate: "2 days_ago", endDate: "now" }, NOW)).toEqual({
      start: new Date("2026-03-29T12:00:00Z"),
      end: NOW,
    });
  });

  it("asks the API for a preset's range in UTC, and falls back to 24 hours", () => {
    expect(rangeParams("7d", NOW)).toEqual({
      start_date: "2026-03-24 12:00:00",
      end_date: "2026-03-31 12:00:00",
    });
    expect(rangeKeyOf("30d")).toBe("30d");
    expect(rangeKeyOf("1y")).toBe("24h");
    expect(rangeKeyOf(null)).toBe("24h");
  });
});
