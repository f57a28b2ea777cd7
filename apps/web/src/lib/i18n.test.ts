import { afterEach, describe, expect, it, vi } from "vitest";
import { LANGUAGE_STORAGE_KEY, changeLanguage, initialLanguage } from "./i18n";

afterEach(() => {
  vi.useRealTimers();
});

describe("changeLanguage", () => {
  it("SH-MENU-028 stores the language and reloads the page after 1 s, not sooner", () => {
    vi.useFakeTimers();
    const reload = vi.fn();

    changeLanguage("no", reload);

    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("no");
    expect(initialLanguage()).toBe("no");
    vi.advanceTimersByTime(999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
