import { EnrolRefused, type EnrolGate, enrol } from "./enrol";
import type { FleetDevice } from "./device";
import type { DeviceIdentity } from "./state-file";

/** What enrolling a fleet needs from the fleet, and what it tells it. */
export interface EnrolmentHooks<D> {
  server: string;
  token: string;
  /** Enrolments at once. */
  concurrency: number;
  /** Stops every enrolment (the fleet stops, or a fatal refusal). */
  signal: AbortSignal;
  firmware?: ((device: FleetDevice<D>) => string | undefined) | undefined;
  /** Another identity for a device whose serial someone else registered, if it may take one. */
  replacement?: (() => { identity: DeviceIdentity; data: D }) | undefined;
  /** The device has its credentials (`device.enrolled`). */
  enrolled(device: FleetDevice<D>): void;
  /** Enrolling again was refused: the device keeps the credentials it had. */
  kept(device: FleetDevice<D>): void;
  problem(text: string): void;
  /** A refusal no other device would escape: the token, or a server that enrols nobody. */
  fatal(err: Error): void;
}

/** Refusals about the token or the server rather than the device. */
const fatalStatus = new Set([401, 403, 404, 405]);

async function enrolOne<D>(device: FleetDevice<D>, hooks: EnrolmentHooks<D>, gate: EnrolGate) {
  const again = device.enrolled !== null;
  for (;;) {
    try {
      const answer = await enrol(
        { ...device.identity, firmware: hooks.firmware?.(device) },
        {
          server: hooks.server,
          token: hooks.token,
          gate,
          signal: hooks.signal,
          onRetry: (reason) => hooks.problem(`enrolment: ${reason}`),
        },
      );
      const { serial, mac, model } = device.identity;
      const { device_id, secret, mqtt_url } = answer;
      // Enrolling again (a moved broker) keeps the firmware the device installed.
      const firmware = device.enrolled?.firmware;
      device.enrolled = {
        serial,
        mac,
        model,
        device_id,
        secret,
        mqtt_url,
        ...(firmware && { firmware }),
      };
      hooks.enrolled(device);
      return;
    } catch (err) {
      if (hooks.signal.aborted) return;
      const text = err instanceof Error ? err.message : String(err);
      if (again) {
        // Only a device's first enrolment may stop the fleet or change its identity.
        hooks.problem(`enrolling ${device.identity.serial} again: ${text}`);
        hooks.kept(device);
        return;
      }
      if (err instanceof EnrolRefused && err.status === 409 && hooks.replacement) {
        // A serial someone else registered: a simulated device draws another identity.
        const next = hooks.replacement();
        device.identity = next.identity;
        device.data = next.data;
        continue;
      }
      if (err instanceof EnrolRefused && (err.source === "token" || fatalStatus.has(err.status))) {
        hooks.fatal(err);
      }
      device.phase = "refused";
      hooks.problem(`enrolment of ${device.identity.serial}: ${text}`);
      return;
    }
  }
}

/** Enrolment as a queue the fleet adds to: at start, and when a device must enrol again. */
export interface Enrolment<D> {
  add(device: FleetDevice<D>): void;
  /** Resolves when the queue is empty and no enrolment runs. */
  idle(): Promise<void>;
}

/**
 * Enrols the devices it is given, `concurrency` at a time. A 429 holds back every
 * enrolment (one shared gate), not only the one that met it.
 */
export function startEnrolment<D>(hooks: EnrolmentHooks<D>): Enrolment<D> {
  const queue: FleetDevice<D>[] = [];
  const gate: EnrolGate = { until: 0 };
  let workers = 0;
  let settle: () => void = () => {};
  let settled = Promise.resolve();

  const worker = async () => {
    for (let device = queue.shift(); device && !hooks.signal.aborted; device = queue.shift()) {
      await enrolOne(device, hooks, gate);
    }
    if (--workers === 0) settle();
  };

  return {
    add(device) {
      device.phase = "enrol";
      queue.push(device);
      if (workers === 0) settled = new Promise((resolve) => (settle = resolve));
      if (workers < hooks.concurrency) {
        workers++;
        void worker();
      }
    },
    idle: () => settled,
  };
}
