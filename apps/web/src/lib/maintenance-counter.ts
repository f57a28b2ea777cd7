import { MAINTENANCE_FAILURE_THRESHOLD } from "@netfleet/contracts/constants";
import { whenIdle } from "./idle";

/**
 * The maintenance counter (shell §4 Maintenance, decision D26): consecutive failures of
 * the user request or of the session revoke, kept in session storage so that reloading a
 * broken console counts on. Any success of either call resets it; at 3 the maintenance
 * screen shows instead of the console.
 */
export const MAINTENANCE_COUNTER_KEY = "sessionFailures";

const listeners = new Set<() => void>();

function readCount(): number {
  try {
    const count = Number(window.sessionStorage.getItem(MAINTENANCE_COUNTER_KEY));
    return Number.isInteger(count) && count > 0 ? count : 0;
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames): nothing was counted.
    return 0;
  }
}

function writeCount(count: number): void {
  try {
    if (count === 0) window.sessionStorage.removeItem(MAINTENANCE_COUNTER_KEY);
    else window.sessionStorage.setItem(MAINTENANCE_COUNTER_KEY, String(count));
  } catch {
    // Without storage the counter cannot survive a reload; the console still works.
  }
}

/**
 * A success's reset waits for a quiet moment: a tab's first touch of session storage holds
 * the thread for tens of milliseconds, and the user request succeeds just before the
 * console's first render. Until the reset is written, the stored count no longer counts.
 */
let resetPending = false;

/** The longest a success's reset waits for the browser to be idle. */
const RESET_PATIENCE_MS = 2000;

function scheduleReset(): void {
  if (resetPending) return;
  resetPending = true;
  const reset = () => {
    if (!resetPending) return;
    resetPending = false;
    writeCount(0);
  };
  whenIdle(reset, RESET_PATIENCE_MS);
}

function record(ok: boolean): void {
  if (ok) {
    scheduleReset();
    return;
  }
  // A failure after a success counts from zero, whatever the storage still says.
  const before = resetPending ? 0 : readCount();
  resetPending = false;
  writeCount(before + 1);
  if (!maintenanceDue()) return;
  for (const fn of [...listeners]) fn();
}

/** Counts a failed user request (`GET /api/user`), or resets the counter on success. */
export function recordUserRequestResult(ok: boolean): void {
  record(ok);
}

/** Counts a failed session revoke, or resets the counter on success. */
export function recordRevokeResult(ok: boolean): void {
  record(ok);
}

/** True once 3 consecutive failures were counted in this tab (SH-START-010, SH-START-011). */
export function maintenanceDue(): boolean {
  return !resetPending && readCount() >= MAINTENANCE_FAILURE_THRESHOLD;
}

/**
 * Calls `fn` whenever a failure is counted while the threshold is reached, so a running
 * console can switch to the maintenance screen. Returns the function that stops it.
 */
export function onMaintenanceDue(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
