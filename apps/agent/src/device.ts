import type { MqttClient } from "mqtt";
import type {
  StatusMessage,
  TaskResultMessage,
  TelemetryMessage,
} from "@netfleet/contracts/device-protocol";
import type { TaskRunners } from "./handlers";
import type { DeviceIdentity, EnrolledDevice } from "./state-file";

/**
 * One device of a fleet, as the runtime (fleet.ts) keeps it: a plain record of a few
 * numbers and references, so that ten thousand of them cost little beyond their MQTT
 * connections. What it reports comes from its behaviour, shared by the whole fleet.
 */

/** Where a device is in its life. */
export type Phase = "enrol" | "down" | "connecting" | "online" | "refused" | "stopped";

export interface FleetDevice<D> {
  identity: DeviceIdentity;
  /** Set once enrolled (now or in an earlier run). */
  enrolled: EnrolledDevice | null;
  /** What the behaviour knows of the device (a simulated device's traits). */
  data: D;
  phase: Phase;
  client: MqttClient | null;
  /** When the next heartbeat (online) or connection attempt (down) is due, in ms. */
  dueAt: number;
  /** When the connection drops on its own (a simulated outage), in ms. */
  outageAt: number;
  outages: number;
  /** When the device (last) started, for its uptime. */
  bootAt: number;
  /** Failed connections in a row, for the back-off. */
  failures: number;
  /** The broker's refusal code of the last failed connection. */
  refusal: number | undefined;
  /** The latest tasks, newest last: a task seen again is answered, never run again. */
  tasks: TaskRecord[];
  /** A reboot finished: say so once connected. */
  rebooted: boolean;
}

/** A task the device was sent. */
export interface TaskRecord {
  id: string;
  /** Null while the task runs. */
  result: TaskResultMessage | null;
  /** The broker took the result; until then it goes out on every connection. */
  sent: boolean;
}

/** What differs between a simulated device and a real host. */
export interface DeviceBehaviour<D> {
  status(device: FleetDevice<D>, nowMs: number): StatusMessage;
  telemetry(device: FleetDevice<D>, nowMs: number): TelemetryMessage;
  tasks(device: FleetDevice<D>): TaskRunners;
  /** Seconds until the connection drops on its own; Infinity for a real device. */
  nextOutage(device: FleetDevice<D>): number;
  /** How long outage number `device.outages` lasts, in seconds. */
  outageLength(device: FleetDevice<D>): number;
  /** Firmware to report at enrolment. */
  firmware?(device: FleetDevice<D>): string | undefined;
}

export function newDevice<D>(
  identity: DeviceIdentity,
  data: D,
  bootAt: number,
  enrolled: EnrolledDevice | null,
): FleetDevice<D> {
  return {
    identity,
    enrolled,
    data,
    phase: enrolled ? "down" : "enrol",
    client: null,
    dueAt: 0,
    outageAt: Infinity,
    outages: 0,
    bootAt,
    failures: 0,
    refusal: undefined,
    tasks: [],
    rebooted: false,
  };
}
