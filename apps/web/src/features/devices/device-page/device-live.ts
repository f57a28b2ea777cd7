import { parseApiDateTime } from "@netfleet/contracts/dates";
import type { DeviceDetail } from "@netfleet/contracts/schemas/device-page";
import type { DevicesStatusUpdate } from "@netfleet/contracts/schemas/device-activity";

/**
 * What a push on the company's device channel means for one device's page: its new status
 * and last contact, `"reload"` when the push was too large to list devices (overflow), or
 * null when this device is not in it.
 */
export function statusChangeFor(
  device: DeviceDetail,
  update: DevicesStatusUpdate,
): DeviceDetail | "reload" | null {
  if (update.overflow) return "reload";
  const change = update.devices.find((d) => d.id === device.id);
  if (!change) return null;
  return {
    ...device,
    status: change.status,
    ...(change.last_seen_at === null
      ? {}
      : { last_connection_at: parseApiDateTime(change.last_seen_at).toISOString() }),
  };
}
