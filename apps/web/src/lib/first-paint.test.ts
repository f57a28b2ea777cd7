import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// jsdom reports no paints: the browser's observer is stood in for, to report one at will.
let report: ((name: string) => void) | undefined;

class PaintObserver {
  static supportedEntryTypes = ["paint"];
  constructor(private readonly callback: (list: { getEntries(): { name: string }[] }) => void) {}
  observe() {
    report = (name) => this.callback({ getEntries: () => [{ name }] });
  }
  disconnect() {
    report = undefined;
  }
}

async function freshModule() {
  vi.resetModules();
  return import("./first-paint");
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("PerformanceObserver", PaintObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  report = undefined;
});

describe("afterFirstPaint", () => {
  it("settles once the first contentful paint is reported and the browser is idle", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (fn: () => void) => idle.push(fn));
    const { afterFirstPaint } = await freshModule();
    const settled = vi.fn();
    void afterFirstPaint().then(settled);

    report?.("first-paint");
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toHaveLength(0);

    report?.("first-contentful-paint");
    await vi.advanceTimersByTimeAsync(0);
    // The page's own rows are still being drawn.
    expect(settled).not.toHaveBeenCalled();
    idle.forEach((fn) => fn());
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledOnce();
    // Later callers need not wait.
    await expect(afterFirstPaint()).resolves.toBeUndefined();
  });

  it("settles after its patience when no paint is ever reported", async () => {
    const { FIRST_PAINT_PATIENCE_MS, afterFirstPaint } = await freshModule();
    const settled = vi.fn();
    void afterFirstPaint().then(settled);

    await vi.advanceTimersByTimeAsync(FIRST_PAINT_PATIENCE_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
  });

  it("does not wait in a tab opened in the background, which paints nothing", async () => {
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    const { afterFirstPaint } = await freshModule();
    const settled = vi.fn();
    void afterFirstPaint().then(settled);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveBeenCalledOnce();
  });

  it("renders its hook's users again once the page has shown", async () => {
    const { useFirstPaintShown } = await freshModule();
    const { result } = renderHook(() => useFirstPaintShown());
    expect(result.current).toBe(false);

    await act(async () => {
      report?.("first-contentful-paint");
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(result.current).toBe(true);
  });
});
