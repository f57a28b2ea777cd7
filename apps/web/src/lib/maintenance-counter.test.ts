import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  MAINTENANCE_COUNTER_KEY,
  maintenanceDue,
  onMaintenanceDue,
  recordRevokeResult,
  recordUserRequestResult,
} from "./maintenance-counter";

beforeEach(() => {
  vi.useFakeTimers();
  window.sessionStorage.clear();
});

afterEach(() => {
  // A success's reset of one test must not reach into the next.
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
});

describe("the maintenance counter", () => {
  it("SH-START-010 is due after 3 failed user requests, counted in session storage", () => {
    recordUserRequestResult(false);
    recordUserRequestResult(false);
    expect(maintenanceDue()).toBe(false);
    recordUserRequestResult(false);

    expect(maintenanceDue()).toBe(true);
    expect(window.sessionStorage.getItem(MAINTENANCE_COUNTER_KEY)).toBe("3");
  });

  it("SH-START-011 is due after 3 failed revokes", () => {
    for (let i = 0; i < 3; i += 1) recordRevokeResult(false);
    expect(maintenanceDue()).toBe(true);
  });

  it("D26 counts user and revoke failures together, and any success resets it", () => {
    recordUserRequestResult(false);
    recordRevokeResult(false);
    recordRevokeResult(true);
    recordUserRequestResult(false);
    recordRevokeResult(false);
    expect(maintenanceDue()).toBe(false);

    recordUserRequestResult(false);
    expect(maintenanceDue()).toBe(true);
    recordUserRequestResult(true);
    expect(maintenanceDue()).toBe(false);
  });

  it("survives a reload of the tab: the count lives in session storage", () => {
    window.sessionStorage.setItem(MAINTENANCE_COUNTER_KEY, "2");
    recordUserRequestResult(false);
    expect(maintenanceDue()).toBe(true);
  });

  it("tells listeners when a counted failure reaches the threshold", () => {
    const due = vi.fn();
    onTestFinished(onMaintenanceDue(due));

    recordUserRequestResult(false);
    recordUserRequestResult(false);
    expect(due).not.toHaveBeenCalled();
    recordRevokeResult(false);
    expect(due).toHaveBeenCalledOnce();
  });

  it("reads a damaged stored count as zero", () => {
    window.sessionStorage.setItem(MAINTENANCE_COUNTER_KEY, "many");
    recordUserRequestResult(false);
    expect(window.sessionStorage.getItem(MAINTENANCE_COUNTER_KEY)).toBe("1");
  });

  it("a success clears the stored count once the browser is idle, and later failures count from zero", () => {
    window.sessionStorage.setItem(MAINTENANCE_COUNTER_KEY, "2");
    recordUserRequestResult(true);
    expect(maintenanceDue()).toBe(false);
    recordUserRequestResult(false);
    recordUserRequestResult(false);
    expect(maintenanceDue()).toBe(false);
    expect(window.sessionStorage.getItem(MAINTENANCE_COUNTER_KEY)).toBe("2");

    recordRevokeResult(true);
    vi.runOnlyPendingTimers();
    expect(window.sessionStorage.getItem(MAINTENANCE_COUNTER_KEY)).toBeNull();
  });
});
