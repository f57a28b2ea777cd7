import { Badge } from "@mantine/core";
import {
  connectionStatusLabel,
  type ConnectionStatusLabel,
} from "@netfleet/contracts/device-status";

const COLORS: Record<ConnectionStatusLabel, string> = {
  Offline: "red",
  Online: "green",
  Pending: "yellow",
  "Not Activated": "gray",
};

export function DeviceStatusBadge({ status }: { status: number }) {
  const label = connectionStatusLabel(status);
  return (
    <Badge color={COLORS[label]} variant="light" size="sm" tt="none" radius="sm">
      {label}
    </Badge>
  );
}
