import { afterEach, describe, expect, it, vi } from "vitest";
import {
  allTimezones,
  changeTimezone,
  formatInTimezone,
  guessTimezone,
  hasStoredTimezone,
  selectedTimezone,
  storeTimezone,
} from "./timezone";

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

afterEach(() => {
  vi.useRealTimers();
});

describe("system timezone", () => {
  it("SH-MENU-021 keeps the chosen zone in the setTimeZone cookie", () => {
    storeTimezone("Asia/Tokyo");

    expect(document.cookie).toContain("setTimeZone=Asia/Tokyo");
    expect(selectedTimezone()).toBe("Asia/Tokyo");
    expect(hasStoredTimezone()).toBe(true);
  });

  it("SH-MENU-022 uses the browser's zone without a setTimeZone cookie", () => {
    expect(document.cookie).not.toContain("setTimeZone");
    expect(guessTimezone()).toBe(browserZone);
    expect(selectedTimezone()).toBe(browserZone);
    expect(hasStoredTimezone()).toBe(false);
  });

  it("SH-MENU-022 falls back to the browser's zone when the cookie names no real zone", () => {
    document.cookie = "setTimeZone=Mars/Olympus_Mons; path=/";
    expect(selectedTimezone()).toBe(browserZone);
  });

  it("refuses to store a name that is not a timezone", () => {
    expect(() => storeTimezone("Europe/Oslo; admin=1")).toThrow(/Unknown timezone/);
    expect(document.cookie).not.toContain("setTimeZone");
  });

  it("SH-MENU-024 stores a change and reloads the page 300 ms later, not sooner", () => {
    vi.useFakeTimers();
    const reload = vi.fn();

    changeTimezone("America/New_York", reload);

    expect(selectedTimezone()).toBe("America/New_York");
    vi.advanceTimersByTime(299);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("SH-MENU-022 a reset forgets the choice, so the browser's zone applies after the reload", () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    storeTimezone("Asia/Tokyo");

    changeTimezone(null, reload);

    expect(document.cookie).not.toContain("setTimeZone");
    expect(selectedTimezone()).toBe(browserZone);
    vi.advanceTimersByTime(300);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("SH-MENU-018 offers every zone the browser knows, UTC included, in order", () => {
    const zones = allTimezones();

    expect(zones).toEqual(expect.arrayContaining(Intl.supportedValuesOf("timeZone")));
    expect(zones).toContain("UTC");
    expect(zones).toContain(browserZone);
    expect(zones).toEqual([...zones].sort((a, b) => a.localeCompare(b)));
    expect(new Set(zones).size).toBe(zones.length);
  });

  it("formats an instant in the chosen zone, or in the one asked for", () => {
    const instant = "2025-01-02T03:04:05Z";
    storeTimezone("Asia/Tokyo");

    expect(formatInTimezone(instant, "YYYY-MM-DD HH:mm:ss")).toBe("2025-01-02 12:04:05");
    expect(formatInTimezone(instant, "YYYY-MM-DD HH:mm:ss", "UTC")).toBe("2025-01-02 03:04:05");
    expect(formatInTimezone(instant, "YYYY-MM-DD HH:mm", "America/New_York")).toBe(
      "2025-01-01 22:04",
    );
  });

  it("formats midnight as 00, years before 1000 with four digits, and keeps other text", () => {
    expect(formatInTimezone("2025-06-30T22:00:00Z", "YYYY-MM-DD HH:mm:ss", "Europe/Oslo")).toBe(
      "2025-07-01 00:00:00",
    );
    expect(formatInTimezone(Date.UTC(999, 0, 1, 0, 0), "YYYY-MM-DDTHH:mm", "UTC")).toBe(
      "0999-01-01T00:00",
    );
    expect(formatInTimezone(Date.UTC(2025, 2, 4, 5, 6), "MM-DD HH:mm", "UTC")).toBe("03-04 05:06");
  });
});
