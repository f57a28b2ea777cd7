import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import {
  DEVICE_PROTOCOL_VERSION,
  type DeviceFacts,
  type StatusMessage,
  type TelemetryMessage,
} from "@netfleet/contracts/device-protocol";
import type { DeviceIdentity } from "./state-file";

/**
 * The real host the `run` command reports: its identity, facts and measurements, read
 * from the operating system (os and /proc) each time they are sent.
 */

export const HOST_MODEL = "Linux host";

/** Something about this host keeps it from being reported. */
export class HostError extends Error {}

const readText = (file: string) => {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
};

/** Bytes received and sent by every interface but loopback, from /proc/net/dev. */
export function parseNetDev(text: string): { rx: number; tx: number } {
  let rx = 0;
  let tx = 0;
  for (const line of text.split("\n").slice(2)) {
    const [name, counters] = line.split(":");
    if (!counters || name!.trim() === "lo") continue;
    const fields = counters.trim().split(/\s+/).map(Number);
    // Receive: bytes packets errs drop fifo frame compressed multicast; then transmit.
    rx += fields[0] ?? 0;
    tx += fields[8] ?? 0;
  }
  return { rx, tx };
}

/** MemAvailable (what programs can still get) in bytes, from /proc/meminfo. */
export function parseMemAvailable(text: string): number | null {
  const kib = /^MemAvailable:\s+(\d+)\s+kB/m.exec(text)?.[1];
  return kib === undefined ? null : Number(kib) * 1024;
}

/** PRETTY_NAME of /etc/os-release, "Debian GNU/Linux 13 (trixie)". */
export function parseOsRelease(text: string): string | null {
  const value = /^PRETTY_NAME=(.*)$/m.exec(text)?.[1]?.trim();
  return value ? value.replace(/^["']|["']$/g, "") : null;
}

type Interfaces = NodeJS.Dict<os.NetworkInterfaceInfo[]>;

/** The first interface that is not loopback and has a hardware address. */
export function primaryMac(interfaces: Interfaces): string | null {
  for (const name of Object.keys(interfaces).sort()) {
    const info = interfaces[name]?.find((a) => !a.internal && a.mac !== "00:00:00:00:00:00");
    if (info) return info.mac.toUpperCase();
  }
  return null;
}

/**
 * A serial for the host: a hash of its machine id, never the id itself (systemd asks that
 * the id stay private), shortened to 16 hex digits; without a machine id, a hash of the
 * host name and MAC address.
 */
export function hostSerial(machineId: string | null, fallback: string): string {
  const source = machineId?.trim() ? `machine-id:${machineId.trim()}` : `host:${fallback}`;
  return createHash("sha256")
    .update(`netfleet-agent:${source}`)
    .digest("hex")
    .slice(0, 16)
    .toUpperCase();
}

export function hostIdentity(): DeviceIdentity {
  const mac = primaryMac(os.networkInterfaces());
  if (!mac) throw new HostError("This host has no network interface with a MAC address to report.");
  const machineId = readText("/etc/machine-id") ?? readText("/var/lib/dbus/machine-id");
  return { serial: hostSerial(machineId, `${os.hostname()}/${mac}`), mac, model: HOST_MODEL };
}

export function hostFirmware(): string {
  const name = parseOsRelease(readText("/etc/os-release") ?? "") ?? "Linux";
  return `${name} ${os.release()}`.slice(0, 64);
}

export function hostFacts(): DeviceFacts {
  const cpus = os.cpus();
  const interfaces = Object.entries(os.networkInterfaces())
    .filter(([, infos]) => infos?.some((info) => !info.internal))
    .slice(0, 32)
    .map(([name, infos = []]) => ({
      name: name.slice(0, 32),
      mac: infos[0]?.mac.toUpperCase(),
      addresses: infos.slice(0, 16).map((info) => info.cidr ?? info.address),
    }));
  return {
    hostname: os.hostname().slice(0, 100),
    kernel: `${os.type()} ${os.release()}`.slice(0, 100),
    cpu: (cpus[0]?.model.trim() || os.arch()).slice(0, 100),
    cpu_count: Math.min(1024, Math.max(1, cpus.length)),
    memory_total: os.totalmem(),
    interfaces,
  };
}

/** The host's own time zone, where the runtime knows one. */
function hostTimezone(): { timezone?: string } {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? { timezone: zone.slice(0, 64) } : {};
}

export function hostStatus(): StatusMessage {
  return {
    v: DEVICE_PROTOCOL_VERSION,
    online: true,
    model: HOST_MODEL,
    firmware: hostFirmware(),
    uptime: Math.floor(os.uptime()),
    facts: hostFacts(),
    ...hostTimezone(),
  };
}

/** The first IPv4 address facing the network, as the host's WAN address. */
function wanAddress(): string | undefined {
  for (const infos of Object.values(os.networkInterfaces())) {
    const info = infos?.find((a) => !a.internal && a.family === "IPv4");
    if (info) return info.address;
  }
  return undefined;
}

export function hostTelemetry(nowMs: number): TelemetryMessage {
  const cpuCount = Math.max(1, os.cpus().length);
  const traffic = parseNetDev(readText("/proc/net/dev") ?? "");
  const thermal = readText("/sys/class/thermal/thermal_zone0/temp");
  const message: TelemetryMessage = {
    v: DEVICE_PROTOCOL_VERSION,
    at: Math.floor(nowMs / 1000),
    uptime: Math.floor(os.uptime()),
    // The one-minute load average over the CPUs, as a percentage of the whole machine.
    cpu_load: Math.min(100, Math.round((os.loadavg()[0]! / cpuCount) * 1000) / 10),
    memory_free: parseMemAvailable(readText("/proc/meminfo") ?? "") ?? os.freemem(),
    rx_bytes: traffic.rx,
    tx_bytes: traffic.tx,
    connection_type: "WAN",
  };
  const wan = wanAddress();
  if (wan) message.wan_ip = wan;
  const milliDegrees = thermal === null ? NaN : Number(thermal.trim());
  if (milliDegrees > -60_000 && milliDegrees < 150_000) {
    message.temperature = Math.round(milliDegrees / 100) / 10;
  }
  return message;
}
