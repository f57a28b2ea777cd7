/**
 * How device values read in the console (forms §9): units, coordinate precision and the
 * chart palette. Kept here so every page that shows a device's numbers shows them alike.
 */
import { FORMAT } from "../constants";

/** "-65 dBm" (FM-CONST-008). */
export function formatSignal(dbm: number): string {
  return `${dbm} ${FORMAT.units.signal}`;
}

/** "42 °C" (FM-CONST-008). */
export function formatTemperature(celsius: number): string {
  return `${celsius} ${FORMAT.units.temperature}`;
}

/** A latitude or longitude with six decimals, about 0.1 m (FM-CONST-009). */
export function formatCoordinate(degrees: number): string {
  return degrees.toFixed(FORMAT.coordinateDecimals);
}

/**
 * The charts' colours, in order (FM-CONST-012). A chart with more slices than colours
 * folds the rest into one grey "Other" slice, the palette's last colour.
 */
export const CHART_PALETTE = [
  "#228be6",
  "#40c057",
  "#fa5252",
  "#fab005",
  "#7950f2",
  "#15aabf",
  "#fd7e14",
  "#e64980",
  "#12b886",
  "#4c6ef5",
  "#868e96",
] as const;
