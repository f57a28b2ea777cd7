/**
 * The peer of bench/realtime.ts: an aedes broker without authentication, a plain mqtt.js
 * subscriber on it and a plain `ws` server that, for each device status message, sends the
 * message Netfleet pushes for it (the same JSON) to every connected client. No channels,
 * no sessions, no batching, no database.
 */
import { once } from "node:events";
import net from "node:net";
import { Aedes } from "aedes";
import mqtt from "mqtt";
import { WebSocketServer } from "ws";
import { toRmsDateTime } from "@netfleet/contracts/dates";
import { parseTopic, type StatusMessage } from "@netfleet/contracts/device-protocol";
import { ALL_DEVICES_STATUS_CHANNEL } from "@netfleet/contracts/schemas/device-activity";

/** What this process sends the parent once it listens. */
export interface PeerAddress {
  mqttUrl: string;
  wsUrl: string;
}

process.on("disconnect", () => process.exit(0));

const broker = await Aedes.createBroker();
const mqttServer = net.createServer(broker.handle);
mqttServer.listen(0, "127.0.0.1");
await once(mqttServer, "listening");
const mqttUrl = `mqtt://127.0.0.1:${(mqttServer.address() as net.AddressInfo).port}`;

const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
await once(wss, "listening");
const wsUrl = `ws://127.0.0.1:${(wss.address() as net.AddressInfo).port}`;

const subscriber = await mqtt.connectAsync(mqttUrl, { clientId: "peer" });
subscriber.on("message", (topic, payload) => {
  const id = parseTopic(topic)?.deviceId;
  if (id === undefined) return;
  const status = JSON.parse(payload.toString()) as StatusMessage;
  const text = JSON.stringify({
    channel: ALL_DEVICES_STATUS_CHANNEL,
    data: {
      devices: [{ id, status: status.online ? 1 : 0, last_seen_at: toRmsDateTime(new Date()) }],
      overflow: false,
    },
  });
  for (const client of wss.clients) client.send(text);
});
await subscriber.subscribeAsync("nf/+/up/status", { qos: 1 });
process.send!({ mqttUrl, wsUrl } satisfies PeerAddress);
