/**
 * Runs `fn` once the browser has an idle moment, or after `patienceMs` at the latest.
 * Browsers without idle callbacks run it on the next turn of the event loop.
 */
export function whenIdle(fn: () => void, patienceMs: number): void {
  if (typeof window.requestIdleCallback === "function") {
    window.requestIdleCallback(fn, { timeout: patienceMs });
  } else {
    window.setTimeout(fn, 0);
  }
}
