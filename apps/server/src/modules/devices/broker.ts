import fs from "node:fs";
import net from "node:net";
import tls from "node:tls";
import { randomUUID } from "node:crypto";
import { Aedes, type Client } from "aedes";
import memoryPersistence from "aedes-persistence";
import type { FastifyBaseLogger } from "fastify";
import { downFilter, parseTopic } from "@netfleet/contracts/device-protocol";
import { StartUpError } from "../../lib/start-up-error";
import { newSecret, safeEqual } from "../../lib/secrets";
import { backlogGate } from "./backlog-gate";
import { retainedIndex } from "./retained-index";

/** The gateway's own topic filter on the embedded broker (aedes has no shared subscriptions). */
export const GATEWAY_FILTER = "nf/+/up/+";

/** Bytes the gateway may have unread before devices' messages wait (see backlogGate). */
const GATEWAY_BACKLOG_BYTES = 8 * 1024 * 1024;

/** Who a connection is: the server's gateway, or one device. */
type Identity = { gateway: true } | { gateway: false; deviceId: number };

/**
 * Failed connections allowed before each further one waits: per device, and many more per
 * address, where a whole site of devices may sit behind one router. A counter is forgotten
 * an hour after its last failure.
 */
const BACKOFF = {
  free: { device: 5, address: 50 },
  maxSeconds: 300,
  forgetMs: 3_600_000,
  remembered: 100_000,
};

/**
 * Refused connections, per device and per address, in this process: past the free ones,
 * each further try is refused unchecked for a growing while, so guessing a secret is slow.
 */
class Backoff {
  private readonly failures = new Map<string, { count: number; last: number; until: number }>();

  waiting(key: string): boolean {
    const entry = this.failures.get(key);
    return entry !== undefined && entry.until > Date.now();
  }

  fail(key: string, free: number) {
    const now = Date.now();
    const known = this.failures.get(key);
    const count = known && now - known.last < BACKOFF.forgetMs ? known.count + 1 : 1;
    const seconds = count <= free ? 0 : Math.min(BACKOFF.maxSeconds, 2 ** (count - free));
    this.failures.delete(key);
    this.failures.set(key, { count, last: now, until: now + seconds * 1000 });
    // The oldest entries go first: a flood of addresses cannot grow memory without bound.
    if (this.failures.size > BACKOFF.remembered) {
      this.failures.delete(this.failures.keys().next().value!);
    }
  }

  succeed(key: string) {
    this.failures.delete(key);
  }
}

export interface DeviceBrokerOptions {
  host: string;
  port: number;
  tls?: { certFile: string; keyFile: string } | undefined;
  /** Whether `secret` is the device's own (compared with the stored hash). */
  verifyDevice(deviceId: number, secret: string): Promise<boolean>;
  /** A device's connection was refused: a wrong credential, or one still waiting out its back-off. */
  onRefused?(reason: "credentials" | "backoff"): void;
  /** A device's message waits for the gateway to take its backlog. */
  onHeld?(): void;
  log: FastifyBaseLogger;
}

export interface DeviceBroker {
  /** The port it listens on (the one asked for, or the one given for port 0). */
  port: number;
  /** What the gateway connects with: only it may read every device's topics. */
  gateway: { url: string; username: string; password: string };
  /** Devices connected now. */
  connectedDevices(): number;
  close(): Promise<void>;
}

/** A device connects with its id as user name: decimal, no leading zero. */
function deviceIdOf(username: string | undefined): number | null {
  if (!username || !/^[1-9][0-9]{0,9}$/.test(username)) return null;
  const id = Number(username);
  return id <= 2_147_483_647 ? id : null;
}

function refusal(returnCode: 4 | 5): Error & { returnCode: number } {
  return Object.assign(new Error("Connection refused"), { returnCode });
}

/**
 * The embedded MQTT broker. Devices authenticate with their id and secret and may publish
 * only to their own up topics and subscribe only to their own down topics; the gateway,
 * with a secret made at start, reads every device's up topics and writes down topics.
 */
export async function startDeviceBroker(opts: DeviceBrokerOptions): Promise<DeviceBroker> {
  const identities = new WeakMap<Client, Identity>();
  const backoff = new Backoff();
  const gatewayUser = `netfleet-gateway-${randomUUID()}`;
  const gatewayPassword = newSecret(32);
  const gate = backlogGate(GATEWAY_BACKLOG_BYTES, () => opts.onHeld?.());

  // aedes' memory store, with its retained messages kept by retainedIndex. aedes 1.x awaits
  // storeRetained's promise, though the store's types still describe a callback.
  const retained = retainedIndex();
  const persistence = Object.assign(memoryPersistence(), {
    storeRetained: (packet: { topic: string; payload: Buffer | string }) => {
      retained.store(packet);
      return Promise.resolve();
    },
    createRetainedStream: (filter: string) => retained.stream([filter]),
    createRetainedStreamCombi: (filters: string[]) => retained.stream(filters),
  });

  const broker = await Aedes.createBroker({
    persistence,
    // No cap on messages in flight inside the broker. With a cap, messages past it queue in
    // its emitter, which drains the queue by recursion: thousands of last wills at once (a
    // site losing its uplink) overflow the stack and stop the server.
    concurrency: 0,
    authenticate(client, username, password, done) {
      const secret = password?.toString("utf8") ?? "";
      if (username === gatewayUser) {
        if (safeEqual(secret, gatewayPassword)) {
          identities.set(client, { gateway: true });
          gate.watch(client.conn);
          return done(null, true);
        }
        return done(refusal(4), false);
      }
      const address = (client.conn as net.Socket).remoteAddress ?? "unknown";
      const deviceId = deviceIdOf(username);
      const addressKey = `address:${address}`;
      const deviceKey = deviceId ? `device:${deviceId}` : null;
      if (backoff.waiting(addressKey) || (deviceKey && backoff.waiting(deviceKey))) {
        opts.onRefused?.("backoff");
        return done(refusal(5), false);
      }
      const check =
        deviceId && secret ? opts.verifyDevice(deviceId, secret) : Promise.resolve(false);
      check.then(
        (valid) => {
          if (!valid) {
            backoff.fail(addressKey, BACKOFF.free.address);
            if (deviceKey) backoff.fail(deviceKey, BACKOFF.free.device);
            opts.onRefused?.("credentials");
            return done(refusal(4), false);
          }
          // The address keeps its count: one good device must not clear a site's guesses.
          backoff.succeed(deviceKey!);
          identities.set(client, { gateway: false, deviceId: deviceId! });
          done(null, true);
        },
        (err: unknown) => {
          opts.log.error({ err }, "device authentication failed");
          done(Object.assign(new Error("Server unavailable"), { returnCode: 3 }), false);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      // The broker's own messages (a device's last will among them) were checked at connect.
      if (!client) return callback(null);
      const who = identities.get(client);
      const topic = parseTopic(packet.topic);
      const allowed =
        who !== undefined &&
        topic !== null &&
        (who.gateway
          ? topic.direction === "down"
          : topic.direction === "up" && topic.deviceId === who.deviceId);
      if (!allowed) return callback(new Error("Publishing there is not allowed"));
      if (who.gateway) return callback(null);
      gate.pass(() => callback(null));
    },
    authorizeSubscribe(client, subscription, callback) {
      const who = identities.get(client);
      const topic = parseTopic(subscription.topic);
      const allowed =
        who !== undefined &&
        (who.gateway
          ? subscription.topic === GATEWAY_FILTER
          : subscription.topic === downFilter(who.deviceId) ||
            (topic?.direction === "down" && topic.deviceId === who.deviceId));
      callback(null, allowed ? subscription : null);
    },
    preConnect(client, packet, callback) {
      // A last will must be the device's own status: checked here, before it is stored.
      const will = packet.will;
      if (!will) return callback(null, true);
      const topic = parseTopic(will.topic);
      const id = deviceIdOf(packet.username);
      callback(null, topic?.direction === "up" && topic.kind === "status" && topic.deviceId === id);
    },
  });

  // Counted on the broker's own events, so a connection taken over by a newer one of the
  // same device is not counted twice.
  const connected = new Set<Client>();
  broker.on("clientReady", (client) => {
    if (identities.get(client)?.gateway === false) connected.add(client);
  });
  broker.on("clientDisconnect", (client) => connected.delete(client));

  const server = opts.tls
    ? tls.createServer(
        { cert: fs.readFileSync(opts.tls.certFile), key: fs.readFileSync(opts.tls.keyFile) },
        broker.handle,
      )
    : net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      void new Promise<void>((done) => broker.close(() => done()));
      reject(
        err.code === "EADDRINUSE"
          ? new StartUpError(`The MQTT port ${opts.port} is in use: set MQTT_PORT to a free port.`)
          : err,
      );
    });
    server.listen(opts.port, opts.host, () => {
      server.removeAllListeners("error");
      resolve();
    });
  });
  const port = (server.address() as net.AddressInfo).port;
  const scheme = opts.tls ? "mqtts" : "mqtt";

  return {
    port,
    gateway: {
      url: `${scheme}://127.0.0.1:${port}`,
      username: gatewayUser,
      password: gatewayPassword,
    },
    connectedDevices: () => connected.size,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
