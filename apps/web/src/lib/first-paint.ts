import { useSyncExternalStore } from "react";

/**
 * Whether the browser has shown the page's first content. What the header adds to every
 * page (the bell's list, the notices, the version check, the realtime connection) waits for
 * it: asked for at the first render, their answers and renders would compete with the page
 * being drawn, on the main thread and on the wire.
 */
let shown = false;
const listeners = new Set<() => void>();

/** The longest anything waits: a browser that never reports the paint still gets there. */
export const FIRST_PAINT_PATIENCE_MS = 3000;

function markShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

function watchFirstPaint(): void {
  const reportsPaint =
    typeof PerformanceObserver !== "undefined" &&
    PerformanceObserver.supportedEntryTypes?.includes("paint");
  // A tab opened in the background paints nothing until it is shown: nothing to wait for.
  if (!reportsPaint || document.visibilityState !== "visible") {
    markShown();
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => entry.name === "first-contentful-paint")) return;
    observer.disconnect();
    markShown();
  });
  observer.observe({ type: "paint", buffered: true });
  setTimeout(() => {
    observer.disconnect();
    markShown();
  }, FIRST_PAINT_PATIENCE_MS);
}

watchFirstPaint();

/** Settles once the first content has been shown (at once if it already has). */
export function afterFirstPaint(): Promise<void> {
  if (shown) return Promise.resolve();
  return new Promise((resolve) => listeners.add(resolve));
}

function subscribe(onChange: () => void): () => void {
  if (shown) return () => undefined;
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** True once the first content has been shown; the component renders again then. */
export function useFirstPaintShown(): boolean {
  return useSyncExternalStore(subscribe, () => shown);
}
