import { toRmsDateTime } from "@netfleet/contracts/dates";
import { type DeviceFlags, deviceFlags } from "@netfleet/contracts/devices/flags";
import type { DeviceListItem } from "@netfleet/contracts/schemas/devices";
import type { DeviceListRow } from "./devices-list.repo";

/**
 * Flags follow from the model and firmware alone, and a fleet runs few of each: each pair is
 * worked out once (parsing firmware versions was a tenth of a list page's time).
 */
const knownFlags = new Map<string, DeviceFlags>();
function flagsOf(model: string, firmware: string | null): DeviceFlags {
  const key = `${model}\u0000${firmware ?? "\u0000"}`;
  let flags = knownFlags.get(key);
  if (!flags) {
    if (knownFlags.size >= 10_000) knownFlags.clear();
    flags = deviceFlags({ model, firmware });
    knownFlags.set(key, flags);
  }
  return flags;
}

/**
 * A device as the list, a write's answer and the export show it (RMS API v3 field names).
 * RMS types the optional fields as strings or integers, never null: a missing value leaves
 * the key out. Written key by key: a page presents thousands of values.
 */
export function presentDevice({ device, companyName, tags }: DeviceListRow): DeviceListItem {
  const item: DeviceListItem = {
    id: device.id,
    company_id: device.companyId,
    company_name: companyName,
    name: device.name,
    serial: device.serial,
    mac: device.mac,
    model: device.model,
    original_model: device.model,
    status: device.status,
    tags,
    latitude: device.latitude,
    longitude: device.longitude,
    altitude: device.altitude,
    created_at: toRmsDateTime(device.createdAt),
    updated_at: toRmsDateTime(device.updatedAt),
    ...flagsOf(device.model, device.firmware),
  };
  if (device.description !== null) item.description = device.description;
  if (device.firmware !== null) item.firmware = device.firmware;
  if (device.signal !== null) item.signal = device.signal;
  if (device.temperature !== null) item.temperature = Math.round(device.temperature);
  if (device.operator !== null) item.operator = device.operator;
  if (device.connectionType !== null) item.connection_type = device.connectionType;
  if (device.wanIp !== null) item.wan_ip = device.wanIp;
  if (device.routerUptime !== null) item.router_uptime = device.routerUptime;
  if (device.sent !== null) item.sent = device.sent;
  if (device.received !== null) item.received = device.received;
  if (device.lastSeenAt !== null) item.last_connection_at = device.lastSeenAt.toISOString();
  return item;
}
