import type { FleetDevice } from "./device";
import type { FleetStats } from "./fleet";

export const count = (n: number) => n.toLocaleString("en-US");

/** The progress line: how far enrolment and connection got and how busy the fleet is. */
export function progressLine(stats: FleetStats, messagesPerSecond: number): string {
  const parts = [
    `${count(stats.online)}/${count(stats.devices)} online`,
    `enrolled ${count(stats.enrolled)} (${count(stats.enrolledNow)} now)`,
    `${count(Math.round(messagesPerSecond))} msg/s`,
  ];
  if (stats.connecting > 0) parts.push(`${count(stats.connecting)} connecting`);
  if (stats.refused > 0) parts.push(`${count(stats.refused)} refused`);
  if (stats.tasks > 0) parts.push(`${count(stats.tasks)} tasks`);
  if (stats.skipped > 0) parts.push(`${count(stats.skipped)} heartbeats skipped`);
  return parts.join(", ");
}

/** The host agent's line: where its one device stands. */
export function hostLine(device: FleetDevice<unknown>, stats: FleetStats): string {
  const problem = stats.lastProblem ? `: ${stats.lastProblem}` : "";
  switch (device.phase) {
    case "enrol":
      return `enrolling ${device.identity.serial} (${device.identity.mac})${problem}`;
    case "online":
      return `online as device ${device.enrolled!.device_id} at ${device.enrolled!.mqtt_url}`;
    case "refused":
      return `refused${problem}`;
    case "stopped":
      return "stopped";
    default:
      return `not connected, trying again${problem}`;
  }
}
