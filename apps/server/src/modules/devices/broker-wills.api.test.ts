import net from "node:net";
import mqttPacket from "mqtt-packet";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upTopic } from "@netfleet/contracts/device-protocol";
import { type DeviceBroker, GATEWAY_FILTER, startDeviceBroker } from "./broker";

/** Devices whose connections drop at the same moment: a site losing its uplink. */
const DEVICES = 3_000;

let broker: DeviceBroker;

beforeAll(async () => {
  broker = await startDeviceBroker({
    host: "127.0.0.1",
    port: 0,
    verifyDevice: () => Promise.resolve(true),
    log: pino({ level: "silent" }),
  });
});

afterAll(async () => {
  await broker.close();
});

/** A device's raw connection: CONNECT with its retained last will, then nothing. */
function connectDevice(id: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(broker.port, "127.0.0.1");
    socket.once("error", reject);
    socket.once("data", () => resolve(socket));
    socket.write(
      mqttPacket.generate({
        cmd: "connect",
        protocolId: "MQTT",
        protocolVersion: 4,
        clean: true,
        clientId: `device-${id}`,
        keepalive: 60,
        username: String(id),
        password: Buffer.from("secret"),
        will: {
          topic: upTopic(id, "status"),
          payload: Buffer.from(JSON.stringify({ v: 1, online: false })),
          qos: 1,
          retain: true,
        },
      }),
    );
  });
}

/**
 * The gateway as a raw connection that stops reading, as a gateway busy with the database
 * does: the broker's deliveries to it wait, and the wills pile up inside the broker.
 */
async function stalledGateway() {
  const socket = net.connect(broker.port, "127.0.0.1");
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  const wills = new Set<string>();
  let ready: () => void;
  const subscribed = new Promise<void>((resolve) => (ready = resolve));
  parser.on("packet", (packet) => {
    if (packet.cmd === "suback") ready();
    if (packet.cmd === "publish") {
      wills.add(packet.topic);
      if (packet.messageId !== undefined) {
        socket.write(mqttPacket.generate({ cmd: "puback", messageId: packet.messageId }));
      }
    }
  });
  socket.on("data", (chunk: Buffer) => parser.parse(chunk));
  socket.write(
    mqttPacket.generate({
      cmd: "connect",
      protocolId: "MQTT",
      protocolVersion: 4,
      clean: true,
      clientId: "gateway-under-test",
      keepalive: 0,
      username: broker.gateway.username,
      password: Buffer.from(broker.gateway.password),
    }),
  );
  socket.write(
    mqttPacket.generate({
      cmd: "subscribe",
      messageId: 1,
      subscriptions: [{ topic: GATEWAY_FILTER, qos: 1 }],
    }),
  );
  await subscribed;
  return { socket, wills };
}

describe("the embedded broker", () => {
  it("delivers every one of thousands of last wills fired at once to a gateway that stalls meanwhile, and keeps serving", async () => {
    const gateway = await stalledGateway();
    const sockets: net.Socket[] = [];
    for (let start = 1; start <= DEVICES; start += 250) {
      const batch = Array.from({ length: Math.min(250, DEVICES - start + 1) }, (_, i) => start + i);
      sockets.push(...(await Promise.all(batch.map(connectDevice))));
    }
    gateway.socket.pause();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    gateway.socket.resume();

    await expect.poll(() => gateway.wills.size, { timeout: 20_000 }).toBe(DEVICES);
    // Still serving: a new connection is accepted.
    (await connectDevice(DEVICES + 1)).destroy();
    gateway.socket.destroy();
  }, 60_000);
});
