import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook } from "@testing-library/react";
import { useSearchTerm } from "./use-search-term";

describe("useSearchTerm", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("SH-SEARCH-009 SH-SEARCH-008 gives the trimmed text once it has been still for 500 ms", () => {
    const { result, rerender } = renderHook(({ text }) => useSearchTerm(text), {
      initialProps: { text: "" },
    });
    rerender({ text: "w" });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    rerender({ text: "wa " });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(result.current).toBe("");

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe("wa");
  });

  it("SH-SEARCH-009 blanks around the same words start no new wait", () => {
    const { result, rerender } = renderHook(({ text }) => useSearchTerm(text, 500), {
      initialProps: { text: "core" },
    });
    expect(result.current).toBe("core");
    rerender({ text: " core  " });
    expect(result.current).toBe("core");
  });

  it("forgets the words at once when the box is emptied", () => {
    const { result, rerender } = renderHook(({ text }) => useSearchTerm(text), {
      initialProps: { text: "" },
    });
    rerender({ text: "core" });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe("core");

    rerender({ text: "  " });
    expect(result.current).toBe("");
    rerender({ text: "edge" });
    expect(result.current).toBe("");
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe("edge");
  });
});
