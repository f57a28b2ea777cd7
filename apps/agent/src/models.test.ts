import { describe, expect, it } from "vitest";
import { DEVICE_MODELS, lookupDeviceModel } from "@netfleet/contracts/devices/models";
import { deviceSeriesOf, firmwareVersionOf } from "@netfleet/contracts/devices/flags";
import { firmwareOf, loadFamilies, modelCatalogue } from "./models";

const families = loadFamilies();

describe("the simulator's model fixtures", () => {
  it("cover the families the simulator promises", () => {
    const names = families.map((family) => family.family);
    for (const family of ["RUT", "RUTX", "RUTM", "TRB", "TSW", "TAP", "DAP", "OTD", "TCR"]) {
      expect(names).toContain(family);
    }
  });

  it("agree with the contracts' catalogue on every model's ports, SIMs, modems and radios", () => {
    for (const family of families) {
      for (const fixture of family.models) {
        const known = lookupDeviceModel(fixture.model);
        expect(known.known, fixture.model).toBe(true);
        expect(
          {
            model: fixture.model,
            family: family.family,
            ports: fixture.ports,
            sims: fixture.sims,
            secondModem: fixture.second_modem,
            wifi: fixture.wifi,
            gps: fixture.gps,
            mobile: fixture.mobile,
            io: fixture.io,
          },
          fixture.model,
        ).toEqual({
          model: known.model,
          family: known.family,
          ports: known.ports,
          sims: known.sims,
          secondModem: known.secondModem,
          wifi: known.wifi,
          gps: known.gps,
          mobile: known.mobile,
          io: known.io,
        });
      }
    }
  });

  it("list every catalogue model of their families", () => {
    const fixtureModels = new Set(families.flatMap((family) => family.models.map((m) => m.model)));
    const covered = new Set(families.map((family) => family.family));
    const catalogue = DEVICE_MODELS.filter((entry) => covered.has(entry.family));
    expect(catalogue.filter((entry) => !fixtureModels.has(entry.model))).toEqual([]);
  });

  it("name firmware after the model's series, with a version the console reads back", () => {
    for (const profile of modelCatalogue(families).all) {
      for (const version of profile.firmwareVersions) {
        const firmware = firmwareOf(profile, version);
        expect(firmware).toBe(`${deviceSeriesOf(profile.model)}_R_00.${version}`);
        expect(firmwareVersionOf(firmware)).toBe(`00.${version}`);
      }
    }
  });

  it("give a mobile generation exactly to models with a modem", () => {
    for (const profile of modelCatalogue(families).all) {
      expect(profile.network !== undefined, profile.model).toBe(profile.mobile);
    }
  });

  it("pick families by weight", () => {
    const catalogue = modelCatalogue(families);
    const total = families.reduce((sum, family) => sum + family.weight, 0);
    const rut = families.find((family) => family.family === "RUT")!;
    // The first share of the range is the first family's (files are read in name order).
    expect(catalogue.pick(0, 0).family).toBe(families[0]!.family);
    expect(catalogue.pick(0.999_999, 0.999_999).family).toBe(families.at(-1)!.family);
    let rutShare = 0;
    for (let i = 0; i < 1000; i++) if (catalogue.pick(i / 1000, 0.5).family === "RUT") rutShare++;
    expect(rutShare / 1000).toBeCloseTo(rut.weight / total, 2);
  });
});
