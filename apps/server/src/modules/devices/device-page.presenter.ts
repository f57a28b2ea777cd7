import { toRmsDateTime } from "@netfleet/contracts/dates";
import { deviceClassOf } from "@netfleet/contracts/devices/flags";
import {
  type DataUsagePeriod,
  type DeviceDataUsage,
  type DeviceDatetimes,
  type DeviceDetail,
  type DeviceFactsAnswer,
  type DeviceInformation,
  type DeviceLocation,
  type DeviceLog,
  type DeviceMetric,
  type DeviceParameterPoint,
} from "@netfleet/contracts/schemas/device-page";
import type { DeviceLogRow, MetricsRow } from "./device-page.repo";
import type { DeviceDetailRow } from "./devices-list.repo";
import { presentDevice } from "./devices.presenter";

const rmsTime = (epochSeconds: number) => toRmsDateTime(new Date(epochSeconds * 1000));

/** Keys whose value is null are left out: RMS types these as numbers, never null. */
function present<T extends Record<string, unknown>>(fields: T) {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as { [K in keyof T]?: Exclude<T[K], null> };
}

function presentFacts(facts: DeviceDetailRow["device"]["facts"]): DeviceFactsAnswer | undefined {
  if (!facts) return undefined;
  return {
    ...present({
      hostname: facts.hostname ?? null,
      kernel: facts.kernel ?? null,
      cpu: facts.cpu ?? null,
      cpu_count: facts.cpu_count ?? null,
      memory_total: facts.memory_total ?? null,
    }),
    ...(facts.interfaces
      ? {
          interfaces: facts.interfaces.map((i) => ({
            name: i.name,
            ...(i.mac === undefined ? {} : { mac: i.mac }),
            addresses: i.addresses,
          })),
        }
      : {}),
  };
}

/** The device as the list shows it, with its class and the facts it reported. */
export function presentDeviceDetail(row: DeviceDetailRow): DeviceDetail {
  const facts = presentFacts(row.device.facts);
  return {
    ...presentDevice(row),
    device_class: deviceClassOf(row.device.model),
    ...(facts ? { facts } : {}),
  };
}

function userName(row: DeviceLogRow): string | null {
  const full = [row.firstName, row.lastName].filter(Boolean).join(" ").trim();
  return full || row.username || row.email || null;
}

export function presentDeviceLog(
  row: DeviceLogRow,
  device: { companyId: number; serial: string },
): DeviceLog {
  return {
    id: row.id,
    company_id: device.companyId,
    serial: device.serial,
    type: row.type,
    ...present({
      log: row.message,
      user_id: row.userId,
      user_name: row.userId === null ? null : userName(row),
      task_id: row.taskId,
    }),
    created_at: toRmsDateTime(row.at),
  };
}

export function presentInformation(deviceId: number, row: MetricsRow): DeviceInformation {
  const { at, ...measured } = row;
  return { device_id: deviceId, created_at: rmsTime(at), ...present(measured) };
}

/** One measurement as RMS answers a parameter's history: the value as text. */
export function presentParameter(
  parameter: DeviceMetric,
  row: MetricsRow,
): DeviceParameterPoint | undefined {
  const value = row[parameter];
  if (value === null) return undefined;
  return { [parameter]: String(value), created_at: rmsTime(row.at) };
}

export function presentLocation(point: {
  at: number;
  latitude: number;
  longitude: number;
  altitude: number | null;
}): DeviceLocation {
  return {
    latitude: point.latitude,
    longitude: point.longitude,
    // RMS types a point's altitude as a number, never null.
    ...present({ altitude: point.altitude }),
    created_at: rmsTime(point.at),
  };
}

export function presentDataUsage(
  period: DataUsagePeriod,
  row: { bucket: number; tx: number; rx: number },
): DeviceDataUsage {
  const at = rmsTime(row.bucket);
  return { date: period === "day" ? at.slice(0, 10) : at, tx: row.tx, rx: row.rx };
}

/** Reading times, newest first, grouped by their UTC day as RMS answers them. */
export function presentDatetimes(times: readonly Date[]): DeviceDatetimes[] {
  const days: DeviceDatetimes[] = [];
  for (const at of times) {
    const iso = at.toISOString();
    const date = iso.slice(0, 10);
    const day = days.at(-1);
    if (day?.date === date) day.times.push(iso.slice(11, 19));
    else days.push({ date, times: [iso.slice(11, 19)] });
  }
  return days;
}
