import { describe, expect, it } from "vitest";
import { DEFAULT_FIRMWARE_SERIES, deviceClassOf } from "./flags";
import { DEVICE_FAMILIES, DEVICE_MODELS, deviceFamilyOf, lookupDeviceModel } from "./models";

const byClass = (deviceClass: ReturnType<typeof deviceClassOf>) =>
  DEVICE_MODELS.filter((entry) => deviceClassOf(entry.model) === deviceClass);

describe("the device model catalogue", () => {
  it("names each model once, in upper case, in the family its prefix names", () => {
    const names = DEVICE_MODELS.map((entry) => entry.model);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of DEVICE_MODELS) {
      expect(entry.model).toMatch(/^[A-Z]{3,4}[0-9]{2,3}$/u);
      expect(deviceFamilyOf(entry.model)).toBe(entry.family);
    }
  });

  it("puts every model's series in a family the firmware series list covers", () => {
    for (const entry of DEVICE_MODELS) {
      const series = entry.model.slice(0, 4);
      expect(deviceFamilyOf(series)).toBe(entry.family);
      expect(DEFAULT_FIRMWARE_SERIES.some((prefix) => series.startsWith(prefix))).toBe(true);
    }
  });

  it("has models of every family, and the models the demo world and the simulator use", () => {
    expect(new Set(DEVICE_MODELS.map((entry) => entry.family))).toEqual(new Set(DEVICE_FAMILIES));
    const demo = ["RUTX11", "RUT241", "RUTM50", "TRB140", "TSW100", "TAP100", "OTD140"];
    for (const model of [...demo, "TCR100", "RUTX50", "DAP140"]) {
      expect(lookupDeviceModel(model).known).toBe(true);
    }
  });

  it("FM-ENTITY-005 gives a second modem to RUTX12, RUTM52 and RUTM56 only", () => {
    expect(DEVICE_MODELS.filter((entry) => entry.secondModem).map((entry) => entry.model)).toEqual([
      "RUTX12",
      "RUTM52",
      "RUTM56",
    ]);
  });

  it("gives SIM slots exactly to models with a mobile modem, the same count across a series", () => {
    const perSeries = new Map<string, Set<number>>();
    for (const entry of DEVICE_MODELS) {
      expect(entry.sims > 0).toBe(entry.mobile);
      if (entry.secondModem) expect(entry.sims).toBeGreaterThanOrEqual(2);
      if (!entry.mobile) continue;
      const series = entry.model.slice(0, 4);
      perSeries.set(series, (perSeries.get(series) ?? new Set()).add(entry.sims));
    }
    for (const [series, counts] of perSeries) expect([series, counts.size]).toEqual([series, 1]);
    expect(perSeries.get("RUT2")).toEqual(new Set([1]));
    expect(perSeries.get("TRB1")).toEqual(new Set([1]));
  });

  it("ties GNSS and eSIM to a mobile modem and a hotspot to Wi-Fi or Ethernet", () => {
    for (const entry of DEVICE_MODELS) {
      if (entry.gps || entry.esim || entry.secondModem) expect(entry.mobile).toBe(true);
      if (entry.hotspot) expect(entry.wifi || entry.ports > 0).toBe(true);
    }
  });

  it("keeps switches wired: several ports, no SIM, radio, modem or I/O, and not RutOS", () => {
    const switches = byClass("switch");
    expect(switches.length).toBeGreaterThan(0);
    for (const entry of switches) {
      expect(entry).toMatchObject({ sims: 0, wifi: false, mobile: false, gps: false, io: false });
      expect(entry.rutos).toBe(false);
      expect(entry.ports).toBeGreaterThanOrEqual(5);
    }
  });

  it("gives access points Wi-Fi and no mobile modem", () => {
    const accessPoints = byClass("access_point");
    expect(accessPoints.length).toBeGreaterThan(0);
    for (const entry of accessPoints) {
      expect(entry).toMatchObject({ wifi: true, mobile: false, sims: 0, rutos: true });
    }
  });

  it("gives TRB gateways a mobile modem and I/O, and no hotspot where they have no Ethernet", () => {
    const gateways = byClass("gateway");
    expect(gateways.length).toBeGreaterThan(0);
    for (const entry of gateways) expect(entry).toMatchObject({ mobile: true, io: true });
    for (const model of ["TRB141", "TRB142", "TRB145"]) {
      expect(lookupDeviceModel(model)).toMatchObject({ ports: 0, hotspot: false });
    }
  });

  it("leaves Wi-Fi off the RUTX models the wireless monitoring rule exempts", () => {
    for (const model of ["RUTX08", "RUTX09"]) expect(lookupDeviceModel(model).wifi).toBe(false);
    expect(lookupDeviceModel("RUTX11").wifi).toBe(true);
  });
});

describe("lookupDeviceModel", () => {
  it("ignores case and spaces and resolves a product code to the model it starts with", () => {
    expect(lookupDeviceModel(" rutx11 ")).toMatchObject({ model: "RUTX11", known: true });
    expect(lookupDeviceModel("RUT955H7V0")).toMatchObject({ model: "RUT955", gps: true });
    // RUT95 alone must not be read as RUT950 or RUT955.
    expect(lookupDeviceModel("RUT95").known).toBe(false);
  });

  it("gives an unknown model of a known series only what the whole series has", () => {
    expect(lookupDeviceModel("RUT999")).toMatchObject({
      model: "RUT999",
      known: false,
      family: "RUT",
      ports: 4,
      sims: 2,
      wifi: true,
      mobile: true,
      // Only some RUT9 models have GNSS.
      gps: false,
      secondModem: false,
      rutos: true,
    });
  });

  it("falls back to the family, and to nothing at all for a name of no family", () => {
    expect(lookupDeviceModel("TSW999")).toMatchObject({ family: "TSW", ports: 5, rutos: false });
    // The RUTX series has wired-only models, so an unknown RUTX gets no modem and no SIM.
    expect(lookupDeviceModel("RUTX99")).toMatchObject({ family: "RUTX", mobile: false, sims: 0 });
    expect(lookupDeviceModel("ACME-1")).toEqual({
      model: "ACME-1",
      family: null,
      known: false,
      ports: 0,
      sims: 0,
      wifi: false,
      gps: false,
      mobile: false,
      secondModem: false,
      io: false,
      esim: false,
      hotspot: false,
      rutos: false,
    });
    expect(lookupDeviceModel("").known).toBe(false);
  });

  it("never infers a second modem for a model it does not know", () => {
    for (const model of ["RUTX13", "RUTM53", "RUTM5X", "RUTM99"]) {
      expect(lookupDeviceModel(model).secondModem).toBe(false);
    }
  });
});
