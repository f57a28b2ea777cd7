import { Badge } from "@mantine/core";
import { useTranslation } from "../../lib/i18n";
import {
  connectionStatusLabel,
  type ConnectionStatusLabel,
} from "@netfleet/contracts/device-status";

const BADGES = {
  Offline: { color: "red", key: "statusOffline" },
  Online: { color: "green", key: "statusOnline" },
  Pending: { color: "yellow", key: "statusPending" },
  "Not Activated": { color: "gray", key: "statusNotActivated" },
} as const satisfies Record<ConnectionStatusLabel, { color: string; key: string }>;

/** A device's connection status, as the device list and the global search show it. */
export function DeviceStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation("devices");
  const badge = BADGES[connectionStatusLabel(status)];
  return (
    // Never cut short: some languages' words are longer than the column would like.
    <Badge
      color={badge.color}
      variant="light"
      size="sm"
      tt="none"
      radius="sm"
      style={{ minWidth: "max-content" }}
    >
      {t(badge.key)}
    </Badge>
  );
}
