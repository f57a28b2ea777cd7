import { toRmsDateTime } from "@netfleet/contracts/dates";
import type { DeviceListItem } from "@netfleet/contracts/schemas/devices";
import type { DeviceListRow } from "./devices.repo";

export function presentDevice({ device, companyName }: DeviceListRow): DeviceListItem {
  return {
    id: device.id,
    name: device.name,
    serial: device.serial,
    mac: device.mac,
    model: device.model,
    firmware: device.firmware,
    status: device.status,
    company_id: device.companyId,
    company_name: companyName,
    created_at: toRmsDateTime(device.createdAt),
  };
}
