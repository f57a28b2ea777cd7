import { toRmsDateTime } from "@netfleet/contracts/dates";
import { type DeviceFlags, deviceFlags } from "@netfleet/contracts/devices/flags";
import type { DeviceListItem } from "@netfleet/contracts/schemas/devices";
import type { DeviceListRow } from "./devices-list.repo";

/** RMS types these as strings or integers, never null: a missing value leaves the key out. */
function present<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [key]: value }) as { [P in K]?: V };
}

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

/** A device as the list, a write's answer and the export show it (RMS API v3 field names). */
export function presentDevice({ device, companyName, tags }: DeviceListRow): DeviceListItem {
  return {
    id: device.id,
    company_id: device.companyId,
    company_name: companyName,
    name: device.name,
    ...present("description", device.description),
    serial: device.serial,
    mac: device.mac,
    model: device.model,
    original_model: device.model,
    ...present("firmware", device.firmware),
    status: device.status,
    tags,
    ...present("signal", device.signal),
    ...present("temperature", device.temperature === null ? null : Math.round(device.temperature)),
    ...present("operator", device.operator),
    ...present("connection_type", device.connectionType),
    ...present("wan_ip", device.wanIp),
    latitude: device.latitude,
    longitude: device.longitude,
    altitude: device.altitude,
    ...present("router_uptime", device.routerUptime),
    ...present("sent", device.sent),
    ...present("received", device.received),
    ...present("last_connection_at", device.lastSeenAt?.toISOString() ?? null),
    created_at: toRmsDateTime(device.createdAt),
    updated_at: toRmsDateTime(device.updatedAt),
    ...flagsOf(device.model, device.firmware),
  };
}
