import { describe, expect, it } from "vitest";
import {
  DEFAULT_FIRMWARE_SERIES,
  DEVICE_CLASS_LABELS,
  deviceClassOf,
  deviceFlags,
  deviceSeriesOf,
  firmwareVersionOf,
} from "./flags";
import { deviceFlagsSchema } from "./flags-schema";
import { DEVICE_MODELS } from "./models";

describe("deviceFlags", () => {
  it("FM-ENTITY-002 FM-ENTITY-003 answers every derived and alert-related flag, typed as the schema says", () => {
    const flags = deviceFlags({ model: "RUTX11", firmware: "RUTX_R_00.07.06.10" });
    expect(Object.keys(flags).sort()).toEqual(
      [
        "has_wifi",
        "has_gps",
        "has_rutos",
        "has_mobile",
        "has_lan",
        "has_hotspot",
        "has_io",
        "has_ddns",
        "has_data_usage",
        "has_l2tp",
        "has_second_modem",
        "has_network_map",
        "has_esim",
        "port_count",
        "sim_count",
        "device_series",
        "fw_version",
        "has_webfilter",
        "has_vpn",
        "has_legacy_alerts",
        "has_legacy_vpn",
      ].sort(),
    );
    expect(deviceFlagsSchema.strict().parse(flags)).toEqual(flags);
  });

  it("reads a cellular router's hardware from the catalogue", () => {
    expect(deviceFlags({ model: "RUTX11", firmware: "RUTX_R_00.07.06.10" })).toEqual({
      has_wifi: true,
      has_gps: true,
      has_rutos: true,
      has_mobile: true,
      has_lan: true,
      has_hotspot: true,
      has_io: true,
      has_ddns: true,
      has_data_usage: true,
      has_l2tp: true,
      has_second_modem: false,
      has_network_map: true,
      has_esim: false,
      port_count: 4,
      sim_count: 2,
      device_series: "RUTX",
      fw_version: "00.07.06.10",
      has_webfilter: true,
      has_vpn: true,
      has_legacy_alerts: true,
      has_legacy_vpn: false,
    });
  });

  it("FM-ENTITY-004 takes the series from the model's first four characters", () => {
    expect(deviceFlags({ model: "RUTX11" }).device_series).toBe("RUTX");
    expect(deviceFlags({ model: "RUT241" }).device_series).toBe("RUT2");
    expect(deviceFlags({ model: "TRB140" }).device_series).toBe("TRB1");
    expect(deviceFlags({ model: "ATRM50" }).device_series).toBe("ATRM");
    expect(deviceFlags({ model: "XYZ9000" }).device_series).toBe("XYZ9");
    // The series is the reported model's, even when the hardware is read from another.
    expect(deviceFlags({ model: "TRB140", original_model: "RUTX11" }).device_series).toBe("TRB1");
    expect(deviceSeriesOf("RUT")).toBe("RUT");
  });

  it("FM-ENTITY-005 marks a second modem on RUTX12, RUTM52 and RUTM56 and on nothing else", () => {
    const withSecondModem = DEVICE_MODELS.filter(
      ({ model }) => deviceFlags({ model }).has_second_modem,
    ).map(({ model }) => model);
    expect(withSecondModem).toEqual(["RUTX12", "RUTM52", "RUTM56"]);
    for (const model of ["rutx12", "RUTM52", "RUTM56"]) {
      expect(deviceFlags({ model }).has_second_modem).toBe(true);
    }
    for (const model of ["RUTX11", "RUTM50", "RUTM53", "TRB245", "unknown"]) {
      expect(deviceFlags({ model }).has_second_modem).toBe(false);
    }
  });

  it("reads the hardware of a branded device from its original model", () => {
    const flags = deviceFlags({ model: "ACME-GW", original_model: "TRB140" });
    expect(flags).toMatchObject({ has_mobile: true, has_io: true, has_wifi: false, sim_count: 1 });
    expect(deviceFlags({ model: "TRB140", original_model: " " }).sim_count).toBe(1);
  });

  it("lets the device's own eSIM flag override the catalogue's", () => {
    expect(deviceFlags({ model: "RUTX50" }).has_esim).toBe(true);
    expect(deviceFlags({ model: "RUTX50", esim: false }).has_esim).toBe(false);
    expect(deviceFlags({ model: "RUTX11", esim: true }).has_esim).toBe(true);
    expect(deviceFlags({ model: "RUTX11", esim: null }).has_esim).toBe(false);
  });

  it("keeps switches and access points without VPN, L2TP or web filter", () => {
    for (const model of ["TSW202", "SWM290", "TAP200", "DAP140"]) {
      expect(deviceFlags({ model, firmware: "X_R_00.07.01" })).toMatchObject({
        has_vpn: false,
        has_l2tp: false,
        has_webfilter: false,
        has_legacy_vpn: false,
        has_mobile: false,
        sim_count: 0,
      });
    }
    expect(deviceFlags({ model: "TSW202" })).toMatchObject({ has_rutos: false, has_ddns: false });
    expect(deviceFlags({ model: "TAP100" })).toMatchObject({ has_rutos: true, has_wifi: true });
  });

  it("gives a gateway without Ethernet no LAN, network map, hotspot or web filter", () => {
    expect(deviceFlags({ model: "TRB145" })).toMatchObject({
      port_count: 0,
      has_lan: false,
      has_network_map: false,
      has_hotspot: false,
      has_webfilter: false,
      has_vpn: true,
      has_data_usage: true,
    });
  });

  it("FM-ENTITY-003 marks legacy alerts below firmware 07.13 and legacy VPN below 07.06", () => {
    const at = (firmware: string | null) => {
      const { has_legacy_alerts, has_legacy_vpn } = deviceFlags({ model: "RUTX11", firmware });
      return [has_legacy_alerts, has_legacy_vpn];
    };
    expect(at("RUTX_R_00.07.05.4")).toEqual([true, true]);
    expect(at("RUTX_R_00.07.06")).toEqual([true, false]);
    expect(at("RUTX_R_00.07.13")).toEqual([false, false]);
    expect(at(null)).toEqual([false, false]);
    // Switch firmware numbers its versions apart from RutOS: 01.05 is not old RutOS.
    expect(deviceFlags({ model: "TSW100", firmware: "TSW1_R_00.01.05.1" }).has_legacy_alerts).toBe(
      false,
    );
  });

  it("does not count firmware from before RutOS as RutOS", () => {
    expect(deviceFlags({ model: "RUT950", firmware: "RUT9XX_R_00.06.05.3" }).has_rutos).toBe(false);
    expect(deviceFlags({ model: "RUT241", firmware: "RUT2XX_R_00.01.14.7" }).has_rutos).toBe(false);
    expect(deviceFlags({ model: "RUT950", firmware: "RUT9_R_00.07.04.5" }).has_rutos).toBe(true);
    expect(deviceFlags({ model: "RUT950" }).has_rutos).toBe(true);
  });

  it("gives an unknown model conservative hardware", () => {
    expect(deviceFlags({ model: "ZZZ1", firmware: "ZZZ_R_00.07.08" })).toMatchObject({
      has_wifi: false,
      has_mobile: false,
      has_rutos: false,
      has_vpn: false,
      port_count: 0,
      sim_count: 0,
      device_series: "ZZZ1",
      fw_version: "00.07.08",
    });
  });
});

describe("firmwareVersionOf", () => {
  it("keeps the version part of a firmware string as written", () => {
    expect(firmwareVersionOf("RUTX_R_00.07.06.10")).toBe("00.07.06.10");
    expect(firmwareVersionOf("RUT9XX_R_00.06.05.3")).toBe("00.06.05.3");
    expect(firmwareVersionOf("RUTX_R_GPL_00.07.10.2_rc3")).toBe("00.07.10.2");
    expect(firmwareVersionOf(" 07.06.1 ")).toBe("07.06.1");
    expect(firmwareVersionOf("7")).toBe("7");
  });

  it("answers null for firmware without a version", () => {
    for (const odd of [null, undefined, "", "  ", "RUT955", "unknown"]) {
      expect(firmwareVersionOf(odd)).toBeNull();
    }
  });
});

describe("device classes", () => {
  it("FM-ENTITY-016 names TSW and SWM switches, TAP and DAP access points, TRB gateways, the rest routers", () => {
    const named = (model: string) => DEVICE_CLASS_LABELS[deviceClassOf(model)];
    expect(["TSW202", "SWM290", "tsw100"].map(named)).toEqual(["Switch", "Switch", "Switch"]);
    expect(["TAP100", "DAP140"].map(named)).toEqual(["Access point", "Access point"]);
    expect(named("TRB140")).toBe("Gateway");
    expect(["RUTX11", "RUT241", "OTD140", "TCR100", "ATRM50", "ACME"].map(named)).toEqual(
      Array(6).fill("Router"),
    );
  });

  it("FM-ENTITY-017 lists RUT, TRB, TSW, TAP, ATRM, OTD, SWM, DAP and TCR as the default firmware series", () => {
    expect(DEFAULT_FIRMWARE_SERIES).toEqual([
      "RUT",
      "TRB",
      "TSW",
      "TAP",
      "ATRM",
      "OTD",
      "SWM",
      "DAP",
      "TCR",
    ]);
  });
});
