import { describe, expect, it } from "vitest";
import { parseApiDateTime, RMS_DATE_TIME, toRmsDateTime } from "./dates";

describe("RMS dates", () => {
  it("writes an instant as Y-m-d H:i:s in UTC, whole seconds", () => {
    const text = toRmsDateTime(new Date("2025-01-02T03:04:05.678Z"));
    expect(text).toBe("2025-01-02 03:04:05");
    expect(text).toMatch(RMS_DATE_TIME);
    expect(toRmsDateTime(new Date("2026-12-31T23:59:59.999Z"))).toBe("2026-12-31 23:59:59");
    expect(toRmsDateTime(new Date("0999-10-09T08:07:06Z"))).toBe("0999-10-09 08:07:06");
    expect(() => toRmsDateTime(new Date("soon"))).toThrow(RangeError);
  });

  it("reads an RMS date as UTC and an ISO string as itself", () => {
    expect(parseApiDateTime("2025-01-02 03:04:05").toISOString()).toBe("2025-01-02T03:04:05.000Z");
    expect(parseApiDateTime("2025-01-02T03:04:05+02:00").toISOString()).toBe(
      "2025-01-02T01:04:05.000Z",
    );
    expect(Number.isNaN(parseApiDateTime("soon").getTime())).toBe(true);
  });
});
