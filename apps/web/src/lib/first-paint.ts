import { useSyncExternalStore } from "react";
import { whenIdle } from "./idle";

/**
 * Whether the browser has shown the page's first content, and has since had an idle moment
 * (the page's own rows and charts drawn). What the header adds to every page (the bell's
 * list, the notices, the version check, the realtime connection) waits for it: asked for at
 * the first render, their calls would queue with the page's own (a browser opens six
 * connections to a host), and their answers would interrupt the drawing of its rows.
 */
let shown = false;
const listeners = new Set<() => void>();

/** The longest anything waits: a browser that never reports the paint still gets there. */
export const FIRST_PAINT_PATIENCE_MS = 3000;
/** After the paint, the longest the wait for an idle moment lasts. */
export const IDLE_PATIENCE_MS = 1000;

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
    whenIdle(markShown, IDLE_PATIENCE_MS);
  });
  observer.observe({ type: "paint", buffered: true });
  setTimeout(() => {
    observer.disconnect();
    markShown();
  }, FIRST_PAINT_PATIENCE_MS);
}

watchFirstPaint();

/** Settles once the page has shown and the browser has been idle (at once if it already has). */
export function afterFirstPaint(): Promise<void> {
  if (shown) return Promise.resolve();
  return new Promise((resolve) => listeners.add(resolve));
}

function subscribe(onChange: () => void): () => void {
  if (shown) return () => undefined;
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** True once the page has shown and the browser has been idle; the component renders again then. */
export function useFirstPaintShown(): boolean {
  return useSyncExternalStore(subscribe, () => shown);
}
