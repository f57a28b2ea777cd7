/**
 * A device's derived flags (FM-ENTITY-002, 003), its class name (FM-ENTITY-016) and the
 * default firmware series list (FM-ENTITY-017), computed here only, so the server's
 * answers, the web pages and the simulator agree on what a device has.
 */
import { hasLegacyAlerts, hasLegacyVpn } from "../validation-firmware";
import type { DeviceFlags } from "./flags-schema";
import { lookupDeviceModel } from "./models";

export type { DeviceFlags } from "./flags-schema";

/** Series the firmware pages offer by default (FM-ENTITY-017); RUT covers RUTX and RUTM. */
export const DEFAULT_FIRMWARE_SERIES = [
  "RUT",
  "TRB",
  "TSW",
  "TAP",
  "ATRM",
  "OTD",
  "SWM",
  "DAP",
  "TCR",
] as const;
export type FirmwareSeries = (typeof DEFAULT_FIRMWARE_SERIES)[number];

export const DEVICE_CLASSES = ["router", "gateway", "switch", "access_point"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const DEVICE_CLASS_LABELS: Readonly<Record<DeviceClass, string>> = {
  router: "Router",
  gateway: "Gateway",
  switch: "Switch",
  access_point: "Access point",
};

/** TSW/SWM switch, TAP/DAP access point, TRB gateway, anything else router (FM-ENTITY-016). */
export function deviceClassOf(model: string): DeviceClass {
  const name = model.trim().toUpperCase();
  const startsWithAny = (prefixes: readonly string[]) => prefixes.some((p) => name.startsWith(p));
  if (startsWithAny(["TSW", "SWM"])) return "switch";
  if (startsWithAny(["TAP", "DAP"])) return "access_point";
  if (startsWithAny(["TRB"])) return "gateway";
  return "router";
}

/** The first four characters of the model (FM-ENTITY-004): "RUTX" for RUTX11, "RUT2" for RUT241. */
export function deviceSeriesOf(model: string): string {
  return model.trim().slice(0, 4);
}

/**
 * The version part of a firmware string: its last dotted run of digits, kept as written
 * ("RUTX_R_00.07.06.10" → "00.07.06.10", "RUTX_R_GPL_00.07.10.2_rc3" → "00.07.10.2").
 * A bare number stands for itself; a string without digits has no version (null). The run
 * chosen is the one `parseFirmwareVersion()` compares, so display and rules agree.
 */
export function firmwareVersionOf(firmware: string | null | undefined): string | null {
  if (typeof firmware !== "string") return null;
  const runs = firmware.match(/\d+(?:\.\d+)+/gu);
  return runs?.[runs.length - 1] ?? firmware.trim().match(/^\d+$/u)?.[0] ?? null;
}

/**
 * Firmware of the web interface that came before RutOS names its product with an "XX"
 * ("RUT9XX_R_00.06.05.3", "RUT2XX_R_00.01.14"); RutOS builds name the series instead.
 */
function isPreRutosFirmware(firmware: string | null | undefined): boolean {
  return typeof firmware === "string" && /^[A-Z0-9]+XX_/iu.test(firmware.trim());
}

export interface DeviceFlagsInput {
  /** The model the device reports; `device_series` is taken from it. */
  model: string;
  /** The hardware model behind a branded name; capabilities are read from it when set. */
  original_model?: string | null;
  firmware?: string | null;
  /** The device's own eSIM flag; when absent the catalogue's answer for the model stands. */
  esim?: boolean | null;
}

/**
 * Every derived and alert-related flag of a device (FM-ENTITY-002, 003). Hardware comes
 * from the model catalogue (unknown models get its conservative profile); services follow
 * from the firmware family: VPN, L2TP and the web filter ship on RutOS routers and
 * gateways, not on access points or switches, and the legacy flags apply only to
 * RutOS-numbered firmware, since switch firmware counts its versions differently.
 */
export function deviceFlags(input: DeviceFlagsInput): DeviceFlags {
  const hardware = lookupDeviceModel(input.original_model?.trim() || input.model);
  const deviceClass = deviceClassOf(hardware.model);
  const routes = hardware.rutos && (deviceClass === "router" || deviceClass === "gateway");
  const hasLan = hardware.ports > 0;
  const hasVpn = routes;
  return {
    has_wifi: hardware.wifi,
    has_gps: hardware.gps,
    has_rutos: hardware.rutos && !isPreRutosFirmware(input.firmware),
    has_mobile: hardware.mobile,
    has_lan: hasLan,
    has_hotspot: hardware.hotspot,
    has_io: hardware.io,
    has_ddns: hardware.rutos,
    has_data_usage: hardware.mobile,
    has_l2tp: hasVpn,
    has_second_modem: hardware.secondModem,
    // The map draws what hangs off a device's Ethernet side; a serial gateway has none.
    has_network_map: hasLan,
    has_esim: input.esim ?? hardware.esim,
    port_count: hardware.ports,
    sim_count: hardware.sims,
    device_series: deviceSeriesOf(input.model),
    fw_version: firmwareVersionOf(input.firmware),
    has_webfilter: routes && hasLan,
    has_vpn: hasVpn,
    has_legacy_alerts: hardware.rutos && hasLegacyAlerts(input.firmware),
    has_legacy_vpn: hasVpn && hasLegacyVpn(input.firmware),
  };
}
