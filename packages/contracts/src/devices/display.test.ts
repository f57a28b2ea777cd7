import { describe, expect, it } from "vitest";
import { FORMAT } from "../constants";
import { CHART_PALETTE, formatCoordinate, formatSignal, formatTemperature } from "./display";

describe("device values as the console shows them", () => {
  it("FM-CONST-008 shows signal in dBm and temperature in °C, with analog in V and current loop in mA", () => {
    expect(formatSignal(-65)).toBe("-65 dBm");
    expect(formatTemperature(42)).toBe("42 °C");
    expect(FORMAT.units).toEqual({
      signal: "dBm",
      temperature: "°C",
      analog: "V",
      currentLoop: "mA",
    });
  });

  it("FM-CONST-009 shows coordinates with six decimals", () => {
    expect(formatCoordinate(59.91386812)).toBe("59.913868");
    expect(formatCoordinate(-10.5)).toBe("-10.500000");
  });

  it("FM-CONST-010 writes dates as YYYY-MM-DD HH:mm:ss by default", () => {
    expect(FORMAT.dateFormat).toBe("YYYY-MM-DD HH:mm:ss");
  });

  it("FM-CONST-012 colours charts from a palette of 11 distinct colours", () => {
    expect(CHART_PALETTE).toHaveLength(11);
    expect(FORMAT.chartPaletteSize).toBe(11);
    expect(new Set(CHART_PALETTE).size).toBe(11);
  });
});
