/**
 * Firmware versions and the rules that depend on them (FM-VALID-031, 033…037).
 * Device firmware reads "RUTX_R_00.07.06.1": a product prefix, then a "00" platform group,
 * then the version proper (07.06.1). Versions alone ("07.06", "7.6.1") read the same.
 */

/** A firmware version as numbers, most significant first: "RUTX_R_00.07.06.1" → [7, 6, 1]. */
export type FirmwareVersion = readonly number[];

/**
 * The version in a firmware string, or null when it has none. The last dotted run of
 * digits is the version; a leading 0 group before at least two more is the platform's.
 */
export function parseFirmwareVersion(firmware: string | null | undefined): FirmwareVersion | null {
  if (typeof firmware !== "string") return null;
  const runs = firmware.match(/\d+(?:\.\d+)+/gu);
  const run = runs?.[runs.length - 1] ?? firmware.trim().match(/^\d+$/u)?.[0];
  if (run === undefined) return null;
  const parts = run.split(".").map(Number);
  return parts.length >= 3 && parts[0] === 0 ? parts.slice(1) : parts;
}

/** Negative, zero or positive as `a` is older than, the same as or newer than `b`. */
export function compareFirmwareVersions(a: FirmwareVersion, b: FirmwareVersion): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** Whether firmware is at least `minimum` ("07.06"); unreadable firmware is not. */
export function firmwareAtLeast(firmware: string | null | undefined, minimum: string): boolean {
  const version = parseFirmwareVersion(firmware);
  const floor = parseFirmwareVersion(minimum);
  if (!version || !floor) return false;
  return compareFirmwareVersions(version, floor) >= 0;
}

/** Whether firmware is known and older than `version`; unreadable firmware is not. */
function firmwareBelow(firmware: string | null | undefined, version: string): boolean {
  return parseFirmwareVersion(firmware) !== null && !firmwareAtLeast(firmware, version);
}

/** A typed firmware version needs at least three numeric groups, "07.06.1" (FM-VALID-031). */
export function isFirmwareVersion(value: string): boolean {
  return /^\d+(?:\.\d+){2,}$/u.test(value.trim());
}

export type MonitoringCompatibilityKind = "wireless" | "hotspot" | "ddns";

interface Threshold {
  /** Model prefixes this threshold applies to. */
  models: readonly string[];
  /** Model prefixes excluded from it. */
  except?: readonly string[];
  minimum: string;
}

/** RUTX routers without Wi-Fi: wireless monitoring has no version rule for them. */
const RUTX_WITHOUT_WIFI = ["RUTX08", "RUTX09"];

/** Forms §5's minimum firmware per monitoring kind; the first rule whose model matches decides. */
const THRESHOLDS: Readonly<Record<MonitoringCompatibilityKind, readonly Threshold[]>> = {
  wireless: [
    { models: ["RUT2"], minimum: "01.11.1" },
    { models: ["RUT9"], minimum: "06.05.1" },
    { models: ["RUTX"], except: RUTX_WITHOUT_WIFI, minimum: "02.01.1" },
  ],
  hotspot: [
    { models: ["RUT360"], minimum: "07.00" },
    { models: ["RUT300"], minimum: "07.06" },
    { models: ["TRB"], except: ["TRB141", "TRB142", "TRB145"], minimum: "07.06" },
  ],
  ddns: [
    { models: ["RUT2", "RUT3", "RUT9"], minimum: "07.00" },
    { models: ["RUTX", "TRB"], minimum: "02.04" },
  ],
};

/**
 * Whether a device's firmware is new enough for a monitoring kind (FM-VALID-033…035);
 * false means the compatibility notice shows. Models no rule names (and excluded ones)
 * are compatible; under a rule, firmware that cannot be read is not.
 */
export function monitoringCompatibility(
  kind: MonitoringCompatibilityKind,
  model: string,
  firmware: string | null | undefined,
): boolean {
  const name = model.trim().toUpperCase();
  const rule = THRESHOLDS[kind].find(
    ({ models, except = [] }) =>
      models.some((prefix) => name.startsWith(prefix)) &&
      !except.some((prefix) => name.startsWith(prefix)),
  );
  return rule === undefined || firmwareAtLeast(firmware, rule.minimum);
}

/** `has_legacy_alerts`: firmware below 07.13 (FM-VALID-036); unknown firmware is not legacy. */
export function hasLegacyAlerts(firmware: string | null | undefined): boolean {
  return firmwareBelow(firmware, "07.13");
}

/** `has_legacy_vpn`: firmware below 07.06 (FM-VALID-037); unknown firmware is not legacy. */
export function hasLegacyVpn(firmware: string | null | undefined): boolean {
  return firmwareBelow(firmware, "07.06");
}
