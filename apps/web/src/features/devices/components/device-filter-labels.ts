import type { TFunction } from "../../../lib/i18n";
import {
  type DeviceStatusFilter,
  type SignalBucket,
  UNKNOWN_FIRMWARE,
} from "@netfleet/contracts/devices/list-filters";

export const STATUS_LABEL_KEYS = {
  online: "statusOnline",
  offline: "statusOffline",
  pending: "statusPending",
  not_activated: "statusNotActivated",
} as const satisfies Record<DeviceStatusFilter, string>;

export const SIGNAL_LABEL_KEYS = {
  excellent: "signalExcellent",
  average: "signalAverage",
  low: "signalLow",
  no_signal: "signalNone",
} as const satisfies Record<SignalBucket, string>;

/** How a firmware key reads: devices without firmware are counted as "unknown". */
export function firmwareLabel(t: TFunction<"devices">, firmware: string): string {
  return firmware === UNKNOWN_FIRMWARE ? t("firmwareUnknown") : firmware;
}
