import mqtt, { type MqttClient } from "mqtt";
import type { FastifyBaseLogger } from "fastify";
import {
  DEVICE_PROTOCOL_VERSION,
  UP_SCHEMAS,
  downTopic,
  parseTopic,
  type TaskMessage,
  type TelemetryMessage,
} from "@netfleet/contracts/device-protocol";
import { isDeviceEventType } from "@netfleet/contracts/schemas/device-activity";
import type { Ingest } from "./device-ingest";
import type { DeviceMetrics } from "./device-metrics";

/** PostgreSQL's `integer`: a larger reported count is left out rather than failing a batch. */
const INT_MAX = 2_147_483_647;
/** How far ahead of the server's clock a device's timestamp may run. */
const CLOCK_AHEAD_MS = 300_000;

export interface GatewayOptions {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /** The topic filter of every device's up topics (shared on an external broker). */
  filter: string;
  ingest: Ingest;
  metrics: DeviceMetrics;
  /** How far back a device's own timestamp is believed (the telemetry retention). */
  historyMs: number;
  log: FastifyBaseLogger;
}

export interface Gateway {
  /** Writes what is buffered now (tests, shutdown). */
  flush(): Promise<void>;
  /** Publishes a task on the device's task topic, QoS 1. */
  sendTask(deviceId: number, task: Omit<TaskMessage, "v">): Promise<void>;
  close(): Promise<void>;
}

/**
 * How long after a device's last will its earlier messages may still arrive: they can wait
 * behind a slow gateway while the will does not, and MQTT keeps order only within a topic.
 */
const LATE_AFTER_WILL_MS = 60_000;

const intOrUndefined = (n: number | undefined) => (n !== undefined && n <= INT_MAX ? n : undefined);

/**
 * The device gateway: an MQTT client like any other, subscribed to every device's up
 * topics, so that an external broker is a matter of configuration. Messages are parsed
 * with the protocol's schemas and handed to the ingest buffers, which write them in
 * batches; tasks go down through the same client.
 */
export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  const { ingest, metrics } = opts;

  const client: MqttClient = await mqtt.connectAsync(opts.url, {
    username: opts.username,
    password: opts.password,
    clientId: `netfleet-gateway-${process.pid}-${Math.random().toString(36).slice(2)}`,
    clean: true,
    reconnectPeriod: 1_000,
    // Otherwise the MQTT encoder (the embedded broker's too) keeps a ready-made buffer for each
    // of the 65,536 two-byte numbers: some 7 MB of an idle server's heap.
    writeCache: false,
    // The embedded broker's certificate names no host the loopback address would match.
    rejectUnauthorized: !opts.url.startsWith("mqtts://127.0.0.1"),
  });

  /** A device's clock when it is plausible, else the time the message arrived. */
  function timeOf(seconds: number, receivedAt: Date): Date {
    const at = seconds * 1000;
    const now = receivedAt.getTime();
    return at > now + CLOCK_AHEAD_MS || at < now - opts.historyMs ? receivedAt : new Date(at);
  }

  /** Devices whose offline status came last, with when, oldest first. */
  const gone = new Map<number, number>();
  function forgetGone(now: number) {
    for (const [id, at] of gone) {
      if (now - at < LATE_AFTER_WILL_MS) break;
      gone.delete(id);
    }
  }

  function telemetry(deviceId: number, m: TelemetryMessage, seenAt: Date) {
    // smallint: dBm is stored whole.
    const signal = m.signal === undefined ? undefined : Math.round(m.signal);
    forgetGone(seenAt.getTime());
    ingest.state({
      id: deviceId,
      // Sent before the device's last will, it says nothing of the device now; otherwise a
      // device the sweep took offline (silent, never disconnected) is back.
      status: gone.has(deviceId) ? undefined : 1,
      seenAt,
      signal,
      temperature: m.temperature,
      operator: m.operator,
      connectionType: m.connection_type,
      wanIp: m.wan_ip,
      latitude: m.latitude,
      longitude: m.longitude,
      altitude: m.altitude,
      routerUptime: intOrUndefined(m.uptime),
      sent: m.tx_bytes,
      received: m.rx_bytes,
    });
    ingest.telemetry({
      deviceId,
      at: timeOf(m.at, seenAt),
      signal: signal ?? null,
      temperature: m.temperature ?? null,
      sent: m.tx_bytes ?? null,
      received: m.rx_bytes ?? null,
      latitude: m.latitude ?? null,
      longitude: m.longitude ?? null,
      altitude: m.altitude ?? null,
      cpuLoad: m.cpu_load ?? null,
      memoryFree: m.memory_free ?? null,
      digitalInput: m.digital_input ?? null,
      relayOutput: m.relay_output ?? null,
    });
  }

  /** Hands a message to the buffers; false when it breaks the protocol. */
  function take(deviceId: number, kind: keyof typeof UP_SCHEMAS, body: unknown, retained: boolean) {
    const seenAt = new Date();
    if (kind === "status") {
      const parsed = UP_SCHEMAS.status.safeParse(body);
      if (!parsed.success) return false;
      const m = parsed.data;
      gone.delete(deviceId);
      if (!m.online) gone.set(deviceId, seenAt.getTime());
      forgetGone(seenAt.getTime());
      ingest.state({
        id: deviceId,
        status: m.online ? 1 : 0,
        seenAt,
        firmware: m.firmware,
        routerUptime: intOrUndefined(m.uptime),
        facts: m.facts,
        timezone: m.timezone,
      });
      // A retained copy replayed to the gateway is not the device connecting now.
      if (m.online && !retained) ingest.announce(deviceId);
      return true;
    }
    if (kind === "telemetry") {
      const parsed = UP_SCHEMAS.telemetry.safeParse(body);
      if (parsed.success) telemetry(deviceId, parsed.data, seenAt);
      return parsed.success;
    }
    if (kind === "task-result") {
      const parsed = UP_SCHEMAS["task-result"].safeParse(body);
      if (!parsed.success) return false;
      const m = parsed.data;
      ingest.result({
        deviceId,
        id: m.id,
        ok: m.ok,
        message: m.message ?? null,
        firmware: m.firmware ?? null,
      });
      return true;
    }
    if (kind === "task-progress") {
      const parsed = UP_SCHEMAS["task-progress"].safeParse(body);
      if (parsed.success)
        ingest.progress({ deviceId, id: parsed.data.id, stage: parsed.data.stage });
      return parsed.success;
    }
    const parsed = UP_SCHEMAS.event.safeParse(body);
    if (!parsed.success || !isDeviceEventType(parsed.data.type)) return false;
    ingest.activity({
      deviceId,
      at: timeOf(parsed.data.at, seenAt),
      type: parsed.data.type,
      message: parsed.data.message ?? null,
    });
    return true;
  }

  client.on("message", (topic, payload, packet) => {
    const parsed = parseTopic(topic);
    if (parsed?.direction !== "up") return;
    metrics.received.inc({ kind: parsed.kind });
    let body: unknown;
    try {
      body = JSON.parse(payload.toString("utf8"));
    } catch {
      metrics.refused.inc({ kind: parsed.kind });
      return;
    }
    if (!take(parsed.deviceId, parsed.kind, body, packet.retain))
      metrics.refused.inc({ kind: parsed.kind });
  });

  await client.subscribeAsync(opts.filter, { qos: 1 });

  return {
    flush: () => ingest.flush(),
    async sendTask(deviceId, task) {
      await client.publishAsync(
        downTopic(deviceId, "task"),
        JSON.stringify({ v: DEVICE_PROTOCOL_VERSION, ...task } satisfies TaskMessage),
        { qos: 1 },
      );
    },
    async close() {
      await client.endAsync();
      await ingest.flush();
    },
  };
}
