import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DOWNLOAD_PATH } from "@netfleet/contracts/device-protocol";
import { type DeviceBroker, GATEWAY_FILTER, startDeviceBroker } from "./broker";
import { authorizeDeviceChannel, deviceLive } from "./device-live";
import { deviceMetrics } from "./device-metrics";
import { type DeviceTraffic, deviceTraffic } from "./device-traffic";
import { devicesRepo } from "./devices.repo";
import { type Gateway, startGateway } from "./gateway";
import { batchedSecretCheck } from "./secret-check";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The device side: the traffic (buffers, tasks, sweeps) from the start, the embedded
     * broker and the gateway once the server is ready.
     */
    devices: { broker: DeviceBroker | null; gateway: Gateway | null; traffic: DeviceTraffic };
  }
}

/**
 * Starts the embedded MQTT broker on MQTT_PORT and the gateway on it when the server
 * becomes ready (after making today's telemetry partitions), and stops both when it closes.
 */
export const devicesGateway = fp(
  async (app: FastifyInstance) => {
    const { env, db, realtime } = app.ctx;
    const log = app.log.child({ module: "devices" });
    const metrics = deviceMetrics(app.metrics);
    authorizeDeviceChannel(realtime);
    const traffic = deviceTraffic({
      db,
      settings: env,
      live: deviceLive(realtime),
      metrics,
      log,
      downloadUrl: (token) => `${app.ctx.publicUrl}${DOWNLOAD_PATH}/${token}`,
    });
    const devices: FastifyInstance["devices"] = { broker: null, gateway: null, traffic };
    app.decorate("devices", devices);

    app.addHook("onReady", async () => {
      // Before any telemetry arrives, so that none lands in the default partition.
      await traffic.maintain().catch((err: unknown) => {
        log.error({ err }, "making the telemetry partitions failed");
      });
      devices.broker = await startDeviceBroker({
        host: env.HOST,
        port: env.MQTT_PORT,
        tls:
          env.MQTT_TLS_CERT && env.MQTT_TLS_KEY
            ? { certFile: env.MQTT_TLS_CERT, keyFile: env.MQTT_TLS_KEY }
            : undefined,
        verifyDevice: batchedSecretCheck((ids) => devicesRepo(db).secretHashesOf(ids)),
        onRefused: (reason) => metrics.refusedConnections.inc({ reason }),
        onHeld: () => metrics.held.inc(),
        log,
      });
      const broker = devices.broker;
      metrics.watch({ connected: () => broker.connectedDevices() });
      devices.gateway = await startGateway({
        ...broker.gateway,
        filter: GATEWAY_FILTER,
        ingest: traffic.ingest,
        metrics,
        historyMs: env.TELEMETRY_RETENTION_DAYS * 86_400_000,
        log,
      });
      traffic.start(devices.gateway);
    });

    app.addHook("onClose", async () => {
      await devices.gateway?.close();
      await traffic.close();
      await devices.broker?.close();
    });
  },
  { name: "devices-gateway", dependencies: ["metrics"] },
);
