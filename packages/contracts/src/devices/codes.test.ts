import { describe, expect, it } from "vitest";
import {
  connectionAttemptKind,
  connectionAttemptLabel,
  isFacelift,
  l2tpStatusCode,
  l2tpStatusLabel,
  l2tpStatusOf,
} from "./codes";

describe("facelift flag", () => {
  it("FM-ENTITY-013 reads 1 as a facelift and 0 as not", () => {
    expect(isFacelift(1)).toBe(true);
    expect(isFacelift(0)).toBe(false);
    expect(isFacelift(null)).toBe(false);
    expect(isFacelift(5)).toBe(false);
  });
});

describe("connection attempt codes", () => {
  it("FM-ENTITY-014 reads 0, 10, 12, 20 and 104 as attempted to connect", () => {
    for (const code of [0, 10, 12, 20, 104]) {
      expect(connectionAttemptKind(code)).toBe("attempted");
      expect(connectionAttemptLabel(code, "ignored")).toBe("Attempted to connect");
    }
  });

  it("FM-ENTITY-014 reads 14 as monitoring disabled, 15 as no active credit and 7 as a duplicate serial", () => {
    expect(connectionAttemptLabel(14)).toBe("Monitoring disabled");
    expect(connectionAttemptLabel(15)).toBe("No active credit");
    expect(connectionAttemptLabel(7)).toBe("Serial number duplicate with different MAC");
    expect([14, 15, 7].map(connectionAttemptKind)).toEqual([
      "monitoring_disabled",
      "no_active_credit",
      "serial_duplicate",
    ]);
  });

  it("FM-ENTITY-014 shows the reason text for any other code", () => {
    expect(connectionAttemptKind(3)).toBe("other");
    expect(connectionAttemptLabel(3, " Wrong password ")).toBe("Wrong password");
    expect(connectionAttemptLabel(11, "Certificate expired")).toBe("Certificate expired");
  });

  it("shows the code itself when another code comes without a reason", () => {
    expect(connectionAttemptLabel(3)).toBe("Unknown reason (code 3)");
    expect(connectionAttemptLabel(99, "  ")).toBe("Unknown reason (code 99)");
  });
});

describe("L2TP instance status", () => {
  it("FM-ENTITY-015 names 1 to 4 and reads anything else as no L2TP instances", () => {
    expect([1, 2, 3, 4].map(l2tpStatusLabel)).toEqual([
      "All online/running",
      "All offline/stopped",
      "All disabled",
      "Mixed",
    ]);
    for (const other of [0, 5, -1, null, undefined]) {
      expect(l2tpStatusOf(other)).toBe("none");
      expect(l2tpStatusLabel(other)).toBe("No L2TP instances");
    }
  });

  it("summarises a device's instances into the status code", () => {
    const running = { is_enabled: true, is_running: true };
    const stopped = { is_enabled: true, is_running: false };
    const disabled = { is_enabled: false, is_running: false };
    expect(l2tpStatusCode([running, running])).toBe(1);
    expect(l2tpStatusCode([stopped])).toBe(2);
    expect(l2tpStatusCode([disabled, disabled])).toBe(3);
    expect(l2tpStatusCode([running, stopped])).toBe(4);
    expect(l2tpStatusCode([stopped, disabled])).toBe(4);
    expect(l2tpStatusCode([])).toBe(0);
    expect(l2tpStatusOf(l2tpStatusCode([running, disabled]))).toBe("mixed");
  });
});
