import { describe, expect, it } from "vitest";
import {
  compareFirmwareVersions,
  firmwareAtLeast,
  hasLegacyAlerts,
  hasLegacyVpn,
  isFirmwareVersion,
  monitoringCompatibility,
  parseFirmwareVersion,
} from "./validation";

describe("parseFirmwareVersion", () => {
  it("reads device firmware strings and bare versions alike", () => {
    expect(parseFirmwareVersion("RUTX_R_00.07.06.1")).toEqual([7, 6, 1]);
    expect(parseFirmwareVersion("RUT9XX_R_00.06.05.1")).toEqual([6, 5, 1]);
    expect(parseFirmwareVersion("TRB1_R_00.07.13")).toEqual([7, 13]);
    expect(parseFirmwareVersion("RUTX_R_GPL_00.07.10.2_rc3")).toEqual([7, 10, 2]);
    expect(parseFirmwareVersion("07.06")).toEqual([7, 6]);
    expect(parseFirmwareVersion(" 7.6.1 ")).toEqual([7, 6, 1]);
    expect(parseFirmwareVersion("7")).toEqual([7]);
  });

  it("answers null for strings without a version", () => {
    for (const odd of ["", "   ", "RUT955", "unknown", "v.", null, undefined]) {
      expect(parseFirmwareVersion(odd)).toBeNull();
    }
  });

  it("compares numerically, missing groups counting as zero", () => {
    expect(compareFirmwareVersions([7, 10], [7, 9, 9])).toBeGreaterThan(0);
    expect(compareFirmwareVersions([7, 6], [7, 6, 0])).toBe(0);
    expect(firmwareAtLeast("RUTX_R_00.07.06", "07.06")).toBe(true);
    expect(firmwareAtLeast("RUTX_R_00.07.05.4", "07.06")).toBe(false);
    expect(firmwareAtLeast("garbage", "07.06")).toBe(false);
  });

  it("FM-VALID-031 a typed firmware version needs at least three numeric groups", () => {
    expect(isFirmwareVersion("07.06.1")).toBe(true);
    expect(isFirmwareVersion("00.07.06.1")).toBe(true);
    for (const bad of ["07.06", "7", "07.06.x", "7..6.1", "RUTX_R_00.07.06.1", ""]) {
      expect(isFirmwareVersion(bad)).toBe(false);
    }
  });
});

describe("monitoring compatibility", () => {
  it("FM-VALID-033 wireless monitoring: RUT2 01.11.1+, RUT9 06.05.1+, wireless RUTX 02.01.1+", () => {
    expect(monitoringCompatibility("wireless", "RUT240", "RUT2XX_R_00.01.11.1")).toBe(true);
    expect(monitoringCompatibility("wireless", "RUT240", "RUT2XX_R_00.01.11")).toBe(false);
    expect(monitoringCompatibility("wireless", "RUT955", "RUT9XX_R_00.06.05.1")).toBe(true);
    expect(monitoringCompatibility("wireless", "RUT955", "RUT9XX_R_00.06.04.5")).toBe(false);
    expect(monitoringCompatibility("wireless", "RUTX11", "RUTX_R_00.02.01.1")).toBe(true);
    expect(monitoringCompatibility("wireless", "rutx11", "RUTX_R_00.02.00.9")).toBe(false);
    // Without Wi-Fi there is no version to meet; other models have no rule.
    expect(monitoringCompatibility("wireless", "RUTX09", "RUTX_R_00.01.00")).toBe(true);
    expect(monitoringCompatibility("wireless", "TRB140", "TRB1_R_00.01.00")).toBe(true);
    // Under a rule, unreadable firmware gets the notice.
    expect(monitoringCompatibility("wireless", "RUT955", null)).toBe(false);
  });

  it("FM-VALID-034 hotspot monitoring: RUT360 07.00+, RUT300 07.06+, TRB 07.06+ but TRB141/142/145", () => {
    expect(monitoringCompatibility("hotspot", "RUT360", "RUT36X_R_00.07.00")).toBe(true);
    expect(monitoringCompatibility("hotspot", "RUT360", "RUT36X_R_00.06.08.2")).toBe(false);
    expect(monitoringCompatibility("hotspot", "RUT300", "RUT30X_R_00.07.06")).toBe(true);
    expect(monitoringCompatibility("hotspot", "RUT300", "RUT30X_R_00.07.05.4")).toBe(false);
    expect(monitoringCompatibility("hotspot", "TRB140", "TRB1_R_00.07.06.2")).toBe(true);
    expect(monitoringCompatibility("hotspot", "TRB500", "TRB5_R_00.07.04")).toBe(false);
    for (const excluded of ["TRB141", "TRB142", "TRB145"]) {
      expect(monitoringCompatibility("hotspot", excluded, "TRB1_R_00.07.01")).toBe(true);
    }
    expect(monitoringCompatibility("hotspot", "RUTX11", "RUTX_R_00.02.00")).toBe(true);
  });

  it("FM-VALID-035 DDNS monitoring: RUT2, RUT3, RUT9 07.00+; RUTX and TRB 02.04+", () => {
    for (const model of ["RUT241", "RUT360", "RUT955"]) {
      expect(monitoringCompatibility("ddns", model, "00.07.00")).toBe(true);
      expect(monitoringCompatibility("ddns", model, "00.06.11.3")).toBe(false);
    }
    for (const model of ["RUTX50", "TRB245"]) {
      expect(monitoringCompatibility("ddns", model, "00.02.04")).toBe(true);
      expect(monitoringCompatibility("ddns", model, "00.02.03.4")).toBe(false);
    }
    expect(monitoringCompatibility("ddns", "TSW100", "00.01.00")).toBe(true);
  });
});

describe("legacy flags", () => {
  it("FM-VALID-036 legacy alerts apply to firmware below 07.13", () => {
    expect(hasLegacyAlerts("RUTX_R_00.07.12.3")).toBe(true);
    expect(hasLegacyAlerts("RUTX_R_00.07.13")).toBe(false);
    expect(hasLegacyAlerts("RUTX_R_00.07.14.1")).toBe(false);
    expect(hasLegacyAlerts(null)).toBe(false);
  });

  it("FM-VALID-037 legacy VPN applies to firmware below 07.06", () => {
    expect(hasLegacyVpn("RUT9XX_R_00.07.05.4")).toBe(true);
    expect(hasLegacyVpn("RUT9XX_R_00.06.10")).toBe(true);
    expect(hasLegacyVpn("07.06")).toBe(false);
    expect(hasLegacyVpn("unknown")).toBe(false);
  });
});
