/**
 * The device model catalogue: what each model's hardware has. The server derives a
 * device's flags from it (flags.ts) and the fleet simulator picks its models from it.
 * The specification names the families and the models with a second modem but does not
 * show its per-model lists, so the figures here are plausible values for the product
 * line, kept consistent with one another (devices/models.test.ts states the rules).
 */

/**
 * Product families, most specific first, so that the first prefix that matches a model
 * is its family ("RUTX11" is RUTX, not RUT).
 */
export const DEVICE_FAMILIES = [
  "RUTX",
  "RUTM",
  "ATRM",
  "RUT",
  "TRB",
  "TSW",
  "SWM",
  "TAP",
  "DAP",
  "OTD",
  "TCR",
] as const;
export type DeviceFamily = (typeof DEVICE_FAMILIES)[number];

/** Switch families run their own switch firmware; every other family runs RutOS. */
const NON_RUTOS_FAMILIES: readonly DeviceFamily[] = ["TSW", "SWM"];

/** Hardware a model may have beyond its Ethernet ports and SIM slots. */
export type DeviceFeature = "wifi" | "gps" | "mobile" | "second_modem" | "io" | "esim" | "hotspot";

/** One model of the catalogue. */
export interface DeviceModel {
  /** Upper-case model name as devices report it, "RUTX11". */
  model: string;
  family: DeviceFamily;
  /** Ethernet ports, WAN and SFP included; 0 for serial or USB-only gateways. */
  ports: number;
  /** SIM slots; 0 without a mobile modem. */
  sims: number;
  wifi: boolean;
  gps: boolean;
  mobile: boolean;
  secondModem: boolean;
  io: boolean;
  esim: boolean;
  hotspot: boolean;
  /** The family's firmware is RutOS (numbered 07.xx and up). */
  rutos: boolean;
}

/** The family a model name belongs to, or null when no family prefix matches. */
export function deviceFamilyOf(model: string): DeviceFamily | null {
  const name = model.trim().toUpperCase();
  return DEVICE_FAMILIES.find((family) => name.startsWith(family)) ?? null;
}

function entry(
  model: string,
  ports: number,
  sims: number,
  features: readonly DeviceFeature[],
): DeviceModel {
  const family = deviceFamilyOf(model);
  // Only reachable by a typo in the table below; the catalogue test covers every row.
  if (family === null) throw new Error(`No family for catalogue model ${model}`);
  const has = (feature: DeviceFeature) => features.includes(feature);
  return {
    model,
    family,
    ports,
    sims,
    wifi: has("wifi"),
    gps: has("gps"),
    mobile: has("mobile"),
    secondModem: has("second_modem"),
    io: has("io"),
    esim: has("esim"),
    hotspot: has("hotspot"),
    rutos: !NON_RUTOS_FAMILIES.includes(family),
  };
}

const CELLULAR_ROUTER: readonly DeviceFeature[] = ["wifi", "mobile", "io", "hotspot"];
const CELLULAR_ROUTER_GPS: readonly DeviceFeature[] = [...CELLULAR_ROUTER, "gps"];
const WIRED_ROUTER: readonly DeviceFeature[] = ["io", "hotspot"];
const ACCESS_POINT: readonly DeviceFeature[] = ["wifi", "hotspot"];

/** Every known model. Port counts are per model, SIM counts the same across a series. */
export const DEVICE_MODELS: readonly DeviceModel[] = [
  entry("RUT200", 2, 1, CELLULAR_ROUTER),
  entry("RUT240", 2, 1, CELLULAR_ROUTER),
  entry("RUT241", 2, 1, CELLULAR_ROUTER),
  entry("RUT260", 2, 1, CELLULAR_ROUTER),
  entry("RUT300", 5, 0, WIRED_ROUTER),
  entry("RUT301", 5, 0, WIRED_ROUTER),
  entry("RUT360", 2, 1, CELLULAR_ROUTER),
  entry("RUT361", 2, 1, CELLULAR_ROUTER),
  entry("RUT901", 4, 2, CELLULAR_ROUTER),
  entry("RUT906", 4, 2, CELLULAR_ROUTER),
  entry("RUT950", 4, 2, CELLULAR_ROUTER),
  entry("RUT951", 4, 2, CELLULAR_ROUTER),
  entry("RUT955", 4, 2, CELLULAR_ROUTER_GPS),
  entry("RUT956", 4, 2, CELLULAR_ROUTER_GPS),
  entry("RUTX08", 4, 0, WIRED_ROUTER),
  entry("RUTX09", 4, 2, ["gps", "mobile", "io", "hotspot"]),
  entry("RUTX10", 4, 0, ["wifi", ...WIRED_ROUTER]),
  entry("RUTX11", 4, 2, CELLULAR_ROUTER_GPS),
  entry("RUTX12", 4, 2, [...CELLULAR_ROUTER_GPS, "second_modem"]),
  entry("RUTX14", 4, 2, CELLULAR_ROUTER_GPS),
  entry("RUTX50", 5, 2, [...CELLULAR_ROUTER_GPS, "esim"]),
  entry("RUTM08", 4, 0, WIRED_ROUTER),
  entry("RUTM09", 4, 2, ["gps", "mobile", "io", "hotspot"]),
  entry("RUTM10", 4, 0, ["wifi", ...WIRED_ROUTER]),
  entry("RUTM11", 4, 2, CELLULAR_ROUTER_GPS),
  entry("RUTM50", 5, 2, [...CELLULAR_ROUTER_GPS, "esim"]),
  entry("RUTM51", 5, 2, CELLULAR_ROUTER_GPS),
  entry("RUTM52", 5, 2, [...CELLULAR_ROUTER_GPS, "second_modem", "esim"]),
  entry("RUTM56", 5, 2, [...CELLULAR_ROUTER_GPS, "second_modem", "esim"]),
  entry("TRB140", 1, 1, ["mobile", "io", "hotspot"]),
  // Serial (RS232/RS485) and USB-attached gateways: no Ethernet, hence no hotspot.
  entry("TRB141", 0, 1, ["mobile", "io"]),
  entry("TRB142", 0, 1, ["mobile", "io"]),
  entry("TRB145", 0, 1, ["mobile", "io"]),
  entry("TRB245", 1, 2, ["gps", "mobile", "io", "hotspot"]),
  entry("TRB500", 1, 2, ["gps", "mobile", "io", "hotspot", "esim"]),
  entry("TSW100", 5, 0, []),
  entry("TSW101", 5, 0, []),
  entry("TSW110", 5, 0, []),
  entry("TSW202", 10, 0, []),
  entry("TSW212", 10, 0, []),
  entry("SWM240", 6, 0, []),
  entry("SWM290", 10, 0, []),
  entry("TAP100", 1, 0, ACCESS_POINT),
  entry("TAP200", 2, 0, ACCESS_POINT),
  entry("DAP140", 1, 0, ACCESS_POINT),
  entry("DAP150", 2, 0, ACCESS_POINT),
  entry("OTD140", 2, 2, ["mobile"]),
  entry("OTD500", 2, 2, ["mobile", "esim"]),
  entry("TCR100", 4, 1, ["wifi", "mobile", "hotspot"]),
  entry("ATRM50", 2, 2, ["wifi", "gps", "mobile", "io"]),
];

/** A model as looked up: a catalogue entry, or the conservative profile of an unknown one. */
export interface ResolvedDeviceModel extends Omit<DeviceModel, "family"> {
  /** Null when the name matches no family prefix. */
  family: DeviceFamily | null;
  /** Whether the catalogue describes the model, rather than its series or family. */
  known: boolean;
}

const BY_NAME: ReadonlyMap<string, DeviceModel> = new Map(
  DEVICE_MODELS.map((known) => [known.model, known]),
);

/** Longest names first, so a product code finds the most specific model it starts with. */
const LONGEST_FIRST = [...DEVICE_MODELS].sort((a, b) => b.model.length - a.model.length);

type BooleanKey = "wifi" | "gps" | "mobile" | "io" | "esim" | "hotspot";

/**
 * A model no catalogue entry describes gets only what every known model of its series
 * (else of its family) has: a flag that opens a page the device cannot serve is worse
 * than a missing one. With neither known, it has nothing.
 */
function conservativeModel(name: string): ResolvedDeviceModel {
  const family = deviceFamilyOf(name);
  const series = name.slice(0, 4);
  const sameSeries =
    series.length === 4 ? DEVICE_MODELS.filter((known) => known.model.startsWith(series)) : [];
  const peers =
    sameSeries.length > 0 ? sameSeries : DEVICE_MODELS.filter((known) => known.family === family);
  const all = (feature: BooleanKey) => peers.length > 0 && peers.every((known) => known[feature]);
  const least = (count: "ports" | "sims") =>
    peers.length > 0 ? Math.min(...peers.map((known) => known[count])) : 0;
  const mobile = all("mobile");
  return {
    model: name,
    family,
    ports: least("ports"),
    sims: mobile ? least("sims") : 0,
    wifi: all("wifi"),
    gps: all("gps"),
    mobile,
    // Second modems are named model by model (FM-ENTITY-005), never inferred.
    secondModem: false,
    io: all("io"),
    esim: all("esim"),
    hotspot: all("hotspot"),
    rutos: family !== null && !NON_RUTOS_FAMILIES.includes(family),
    known: false,
  };
}

/**
 * The catalogue entry for a model name, ignoring case and surrounding spaces. A product
 * code such as "RUT955H7V0" resolves to the model it starts with; any other name gets the
 * conservative profile of its series (see above) with `known: false`.
 */
export function lookupDeviceModel(model: string): ResolvedDeviceModel {
  const name = model.trim().toUpperCase();
  const found = BY_NAME.get(name) ?? LONGEST_FIRST.find((known) => name.startsWith(known.model));
  return found ? { ...found, known: true } : conservativeModel(name);
}
