import { describe, expect, it } from "vitest";
import { formatBytes, formatDateTime } from "./format";
import { storeTimezone } from "./timezone";

describe("formatDateTime", () => {
  it("shows dates in the system timezone the user chose", () => {
    storeTimezone("Europe/Oslo");
    expect(formatDateTime("2025-07-01T10:00:00Z")).toBe("2025-07-01 12:00:00");
    storeTimezone("Asia/Tokyo");
    expect(formatDateTime("2025-07-01T10:00:00Z")).toBe("2025-07-01 19:00:00");
  });

  it("reads the API's RMS-style dates (Y-m-d H:i:s) as UTC, not as local time", () => {
    storeTimezone("Europe/Oslo");
    expect(formatDateTime("2025-07-01 10:00:00")).toBe("2025-07-01 12:00:00");
  });

  it("shows a dash for no date or an unreadable one", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("")).toBe("—");
    expect(formatDateTime("yesterday-ish")).toBe("—");
  });
});

describe("formatBytes", () => {
  it("counts in units of 1024 up to TB with two decimals", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.50 KB");
    expect(formatBytes(5 * 1024 ** 3)).toBe("5.00 GB");
    expect(formatBytes(3 * 1024 ** 5)).toBe("3072.00 TB");
    expect(formatBytes(-10)).toBe("0 B");
  });
});
