import mqtt, { type MqttClient } from "mqtt";
import {
  DEVICE_PROTOCOL_VERSION,
  type EventMessage,
  type StatusMessage,
  type UpKind,
  downFilter,
  parseTopic,
  upTopic,
} from "@netfleet/contracts/device-protocol";
import { type DeviceBehaviour, type FleetDevice, newDevice } from "./device";
import { startEnrolment } from "./fleet-enrolment";
import { fleetTasks } from "./fleet-tasks";
import { type AgentState, type DeviceIdentity, writeState } from "./state-file";

/**
 * The device runtime: one MQTT connection per device, driven by one shared tick instead
 * of timers per device, so a single process carries ten thousand devices. Devices missing
 * from the state file enrol first (a few at a time); then each connects with its own id
 * and secret, announces itself with a retained status (its last will saying offline),
 * sends a heartbeat with measurements every interval, and runs the tasks it is sent.
 */

export interface FleetOptions<D> {
  server: string;
  token: string;
  stateFile: string;
  /** The state as read (or new): enrolled devices are added to it and written back. */
  state: AgentState;
  /** The devices to run, with what the behaviour keeps of each. */
  devices: { identity: DeviceIdentity; data: D; bootAt: number }[];
  behaviour: DeviceBehaviour<D>;
  /** Seconds between heartbeats. */
  intervalSeconds: number;
  /** A serial someone else registered: another identity to enrol instead, if any. */
  replacement?: () => { identity: DeviceIdentity; data: D };
  /** Connect here instead of the enrolment answer's broker (benchmarks). */
  mqttUrl?: string;
  enrolConcurrency?: number;
  connectConcurrency?: number;
  /** The first wait before connecting again, doubled with each failure (tests shorten it). */
  retryMs?: number;
  /** How often the shared loop runs, ms. */
  tickMs?: number;
  now?: () => number;
}

export interface FleetStats {
  devices: number;
  enrolled: number;
  enrolledNow: number;
  online: number;
  connecting: number;
  refused: number;
  published: number;
  skipped: number;
  tasks: number;
  /** The last enrolment or connection problem of the past minute, for the progress line. */
  lastProblem: string | undefined;
}

export interface Fleet<D> {
  readonly devices: readonly FleetDevice<D>[];
  stats(): FleetStats;
  /** Resolves when `test` holds (checked each tick); rejects after `timeoutMs`. */
  until(test: (stats: FleetStats) => boolean, timeoutMs: number): Promise<void>;
  /** Changes the heartbeat interval of every device, spreading them afresh over it. */
  setInterval(seconds: number): void;
  /** Heartbeats as fast as the broker acknowledges them (benchmarks), or back to the interval. */
  saturate(on: boolean): void;
  /** Drops a device's connection without a word (its last will fires) for `seconds`. */
  cut(index: number, seconds: number): void;
  /** Resolves with the error that stops the fleet (an enrolment token refused). */
  readonly fatal: Promise<Error>;
  /** Every device says offline and disconnects; the state file is written. */
  stop(): Promise<void>;
}

const offlineStatus: StatusMessage = { v: DEVICE_PROTOCOL_VERSION, online: false };
const offlinePayload = JSON.stringify(offlineStatus);
/** Bytes waiting on a socket past which a heartbeat is skipped rather than queued. */
const BACKLOG_LIMIT = 16 * 1024;
/** Devices saying goodbye at once when the fleet stops. */
const GOODBYES_AT_ONCE = 200;
/** Failed connections without an answer from the broker before the device enrols again. */
const REENROL_AFTER = 5;
/** How long a problem stays in the progress line. */
const PROBLEM_SHOWN_MS = 60_000;
/** Broker refusal for a wrong id or secret: retrying cannot help. */
const BAD_CREDENTIALS = 4;

export function startFleet<D>(options: FleetOptions<D>): Fleet<D> {
  const now = options.now ?? Date.now;
  const tickMs = options.tickMs ?? 200;
  const connectLimit = options.connectConcurrency ?? 200;
  const retryMs = options.retryMs ?? 1_000;
  let intervalMs = options.intervalSeconds * 1000;
  const keepalive = Math.min(65_535, Math.ceil(Math.max(60, options.intervalSeconds * 2 + 30)));
  const known = new Map(options.state.devices.map((device) => [device.serial, device]));
  const savedAt = new Map(options.state.devices.map((device, index) => [device.serial, index]));
  const abort = new AbortController();
  let connecting = 0;
  let stopping = false;
  let dirty = false;
  let lastSaved = 0;
  const counts = { enrolledNow: 0, published: 0, skipped: 0, tasks: 0 };
  let lastProblem: { text: string; at: number } | undefined;
  const problem = (text: string) => (lastProblem = { text, at: now() });
  let reportFatal: (err: Error) => void = () => {};
  const fatal = new Promise<Error>((resolve) => (reportFatal = resolve));
  const waiters = new Set<() => void>();
  let saturating = false;
  const pumping = new Set<FleetDevice<D>>();

  const devices = options.devices.map(({ identity, data, bootAt }) =>
    newDevice(identity, data, bootAt, known.get(identity.serial) ?? null),
  );

  function save(force = false) {
    if (!dirty || (!force && now() - lastSaved < 1_000)) return;
    writeState(options.stateFile, options.state);
    dirty = false;
    lastSaved = now();
  }

  function backoffMs(failures: number) {
    const ceiling = Math.min(60_000, retryMs * 2 ** Math.min(failures, 6));
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  function publish(device: FleetDevice<D>, kind: UpKind, body: unknown) {
    const id = device.enrolled!.device_id;
    if (!device.client) return Promise.reject(new Error(`device ${id} is not connected`));
    return device.client.publishAsync(upTopic(id, kind), JSON.stringify(body), {
      qos: 1,
      retain: kind === "status",
    });
  }

  /** Firmware a device installed (kept in the state file) replaces what it was drawn with. */
  function status(device: FleetDevice<D>, at: number): StatusMessage {
    const status = options.behaviour.status(device, at);
    const firmware = device.enrolled?.firmware;
    return firmware ? { ...status, firmware } : status;
  }

  function connect(device: FleetDevice<D>) {
    const { device_id: id, secret, mqtt_url } = device.enrolled!;
    let client: MqttClient;
    try {
      client = open(options.mqttUrl ?? mqtt_url, id, secret);
    } catch (err) {
      // A broker address mqtt.js cannot use (a hand-edited state file): no retry helps.
      device.phase = "refused";
      problem(`device ${id}: ${(err as Error).message}`);
      return;
    }
    device.phase = "connecting";
    device.refusal = undefined;
    connecting++;
    device.client = client;
    listen(device, client, id);
  }

  function open(url: string, id: number, secret: string): MqttClient {
    return mqtt.connect(url, {
      username: String(id),
      password: secret,
      clientId: `nf-device-${id}`,
      // The broker keeps the task subscription and queued tasks across short absences.
      clean: false,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      keepalive,
      queueQoSZero: false,
      will: {
        topic: upTopic(id, "status"),
        payload: Buffer.from(offlinePayload),
        qos: 1,
        retain: true,
      },
    });
  }

  function listen(device: FleetDevice<D>, client: MqttClient, id: number) {
    client.on("connect", () => {
      if (device.client !== client) return;
      connecting--;
      device.phase = "online";
      device.failures = 0;
      device.refusal = undefined;
      const at = now();
      if (device.bootAt > at) device.bootAt = at;
      device.dueAt = at + Math.random() * intervalMs;
      device.outageAt = at + options.behaviour.nextOutage(device) * 1000;
      client.subscribe(downFilter(id), { qos: 1 });
      const rebooted = device.rebooted;
      device.rebooted = false;
      // The status first: an update's answer must reach the console after the firmware it
      // names, and the console reads that from the status.
      void publish(device, "status", status(device, at))
        .then(() => {
          if (rebooted) {
            const event: EventMessage = {
              v: DEVICE_PROTOCOL_VERSION,
              at: Math.floor(at / 1000),
              type: "reboot",
              message: "Started after a reboot",
            };
            void publish(device, "event", event).catch(() => {});
          }
          tasks.connected(device);
        })
        .catch(() => {});
    });
    client.on("message", (topic, payload) => {
      if (device.client !== client || device.phase !== "online") return;
      if (parseTopic(topic)?.kind === "task") tasks.received(device, payload);
    });
    client.on("error", (err: Error & { code?: unknown }) => {
      if (typeof err.code === "number") device.refusal = err.code;
      problem(`device ${id}: ${err.message}`);
    });
    client.on("close", () => {
      if (device.client !== client) return;
      device.client = null;
      if (device.phase === "connecting") connecting--;
      if (device.phase === "stopped" || device.phase === "down") return;
      if (device.refusal === BAD_CREDENTIALS) {
        // The secret is void (the device was deleted, or enrolled again elsewhere).
        // Retrying would only slow down every device behind this address.
        device.phase = "refused";
        problem(`device ${id} was refused: its secret is no longer valid`);
        return;
      }
      device.phase = "down";
      device.failures++;
      if (device.refusal === undefined && device.failures === REENROL_AFTER && !options.mqttUrl) {
        // The broker the server named does not answer: ask the server again where it is
        // (its address or port may have changed since this device enrolled).
        problem(`device ${id}: no broker at ${device.enrolled!.mqtt_url}, enrolling again`);
        enrolment.add(device);
        return;
      }
      device.dueAt = now() + backoffMs(device.failures);
    });
  }

  /** Drops the connection for `seconds`: "down" first, so close keeps the time set here. */
  function takeDown(device: FleetDevice<D>, seconds: number, graceful: boolean) {
    const client = device.client;
    device.phase = "down";
    device.dueAt = now() + seconds * 1000;
    device.outageAt = Infinity;
    if (!client) return;
    // Forced: the socket is destroyed without DISCONNECT, so the broker publishes the will.
    client.end(!graceful);
  }

  const tasks = fleetTasks<D>({
    runners: (device) => options.behaviour.tasks(device),
    publish,
    installed(device, firmware) {
      device.enrolled!.firmware = firmware;
      dirty = true;
    },
    restart(device, restart) {
      if (device.phase !== "online") return;
      // Graceful: the disconnect waits for the offline status, so no last will is needed.
      const offline = publish(device, "status", offlineStatus).catch(() => {});
      takeDown(device, restart.afterMs / 1000, true);
      device.bootAt = now() + restart.afterMs;
      device.rebooted = true;
      if (restart.run) void offline.then(restart.run);
    },
    started: () => counts.tasks++,
    signal: abort.signal,
  });

  function heartbeat(device: FleetDevice<D>, at: number) {
    const client = device.client!;
    device.dueAt += intervalMs;
    // Behind by more than an interval (a stalled loop, a changed interval): no burst.
    if (device.dueAt < at) device.dueAt = at + Math.random() * intervalMs;
    if (client.stream.writableLength > BACKLOG_LIMIT) {
      counts.skipped++;
      return;
    }
    const body = JSON.stringify(options.behaviour.telemetry(device, at));
    client.publish(upTopic(device.enrolled!.device_id, "telemetry"), body, { qos: 0 });
    counts.published++;
  }

  /**
   * Saturation (benchmarks): each device sends its next heartbeat as soon as the broker
   * acknowledged the last (QoS 1, one in flight), so the load follows what the server
   * takes instead of piling up in socket buffers.
   */
  function pump(device: FleetDevice<D>) {
    const client = device.client;
    if (!saturating || device.phase !== "online" || !client || pumping.has(device)) return;
    pumping.add(device);
    const body = JSON.stringify(options.behaviour.telemetry(device, now()));
    client.publish(upTopic(device.enrolled!.device_id, "telemetry"), body, { qos: 1 }, (err) => {
      pumping.delete(device);
      if (err) return;
      counts.published++;
      pump(device);
    });
  }

  function tick() {
    const at = now();
    for (const device of devices) {
      if (device.phase === "online") {
        if (at >= device.outageAt) {
          device.outages++;
          takeDown(device, options.behaviour.outageLength(device), false);
        } else if (saturating) pump(device);
        else if (at >= device.dueAt) heartbeat(device, at);
      } else if (device.phase === "down" && at >= device.dueAt && connecting < connectLimit) {
        connect(device);
      }
    }
    save();
    for (const wake of waiters) wake();
  }

  const timer = setInterval(tick, tickMs);
  const enrolment = startEnrolment<D>({
    server: options.server,
    token: options.token,
    concurrency: options.enrolConcurrency ?? 8,
    signal: abort.signal,
    firmware: (device) => device.enrolled?.firmware ?? options.behaviour.firmware?.(device),
    replacement: options.replacement,
    enrolled(device) {
      const entry = device.enrolled!;
      // Enrolled again (its broker moved): the new credentials replace the old entry.
      const index = savedAt.get(entry.serial);
      const before = index === undefined ? undefined : options.state.devices[index];
      if (index === undefined) savedAt.set(entry.serial, options.state.devices.push(entry) - 1);
      else options.state.devices[index] = entry;
      counts.enrolledNow++;
      dirty = true;
      device.phase = "down";
      // The same broker as before: it is down, not moved; keep backing off.
      const moved = before?.mqtt_url !== entry.mqtt_url;
      if (moved) device.failures = 0;
      device.dueAt = moved ? 0 : now() + backoffMs(device.failures);
    },
    kept(device) {
      device.phase = "down";
      device.dueAt = now() + backoffMs(device.failures);
    },
    problem,
    fatal(err) {
      abort.abort(err);
      reportFatal(err);
    },
  });
  for (const device of devices) if (device.phase === "enrol") enrolment.add(device);

  function stats(): FleetStats {
    let online = 0;
    let refused = 0;
    let enrolled = 0;
    for (const device of devices) {
      if (device.phase === "online") online++;
      if (device.phase === "refused") refused++;
      if (device.enrolled) enrolled++;
    }
    return {
      devices: devices.length,
      enrolled,
      enrolledNow: counts.enrolledNow,
      online,
      connecting,
      refused,
      published: counts.published,
      skipped: counts.skipped,
      tasks: counts.tasks,
      // An old problem says nothing about the fleet now.
      lastProblem:
        lastProblem && now() - lastProblem.at < PROBLEM_SHOWN_MS ? lastProblem.text : undefined,
    };
  }

  return {
    devices,
    stats,
    fatal,
    until(test, timeoutMs) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!test(stats())) return;
          waiters.delete(check);
          clearTimeout(timeout);
          resolve();
        };
        const timeout = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`fleet did not get there in ${timeoutMs} ms: ${JSON.stringify(stats())}`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    setInterval(seconds) {
      intervalMs = seconds * 1000;
      const at = now();
      for (const device of devices) {
        if (device.phase === "online") device.dueAt = at + Math.random() * intervalMs;
      }
    },
    saturate(on) {
      saturating = on;
      if (on) for (const device of devices) pump(device);
    },
    cut(index, seconds) {
      const device = devices[index];
      if (device?.phase === "online") takeDown(device, seconds, false);
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      abort.abort(new Error("stopping"));
      await enrolment.idle();
      const leaving = devices.map((device) => ({ device, online: device.phase === "online" }));
      for (const device of devices) device.phase = "stopped";
      const goodbye = async ({ device, online }: (typeof leaving)[number]) => {
        const client = device.client;
        if (!client) return;
        if (online) await publish(device, "status", offlineStatus).catch(() => {});
        await client.endAsync(!online);
      };
      // A few hundred at a time: ten thousand statuses at once overwhelm the embedded
      // broker (aedes overflows its stack queueing them).
      const workers = Array.from({ length: GOODBYES_AT_ONCE }, async () => {
        for (let next = leaving.shift(); next; next = leaving.shift()) {
          await goodbye(next).catch(() => {});
        }
      });
      const deadline = new Promise((resolve) => setTimeout(resolve, 20_000).unref());
      await Promise.race([Promise.all(workers), deadline]);
      for (const device of devices) device.client?.end(true);
      for (const wake of waiters) wake();
      save(true);
    },
  };
}
