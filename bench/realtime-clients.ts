/**
 * The browsers of bench/realtime.ts: a process holding `sockets` connections, socket.io to
 * Netfleet (subscribed to the channel the device list listens on) or plain `ws` to the peer,
 * as REALTIME_CLIENTS (JSON) says. Armed with the status an event sets, it notes when each
 * socket first hears of it (on the monotonic clock every process of the machine shares) and
 * sends the parent the receipts once every socket has one.
 */
import { once } from "node:events";
import { io, type Socket } from "socket.io-client";
import WebSocket from "ws";
import {
  type ChannelMessage,
  type ClientToServerEvents,
  REALTIME_PATH,
  type ServerToClientEvents,
} from "@netfleet/contracts/events";
import {
  DEVICES_STATUS_EVENT,
  type DevicesStatusUpdate,
} from "@netfleet/contracts/schemas/device-activity";

export interface ClientsOptions {
  kind: "socket.io" | "ws";
  url: string;
  /** The session cookie of the socket.io handshake. */
  cookie: string;
  channel: string;
  deviceId: number;
  sockets: number;
}

/** What the parent sends: the status the next event sets. */
export interface Arm {
  status: number;
}

/** What this process sends the parent. */
export type ClientsReport =
  { ready: true } | { armed: true } | { receipts: number[] } | { failed: string };

const options = JSON.parse(process.env.REALTIME_CLIENTS!) as ClientsOptions;
const send = (report: ClientsReport) => process.send!(report);
const fail = (reason: string) => {
  send({ failed: reason });
  process.exit(1);
};
process.on("disconnect", () => process.exit(0));

let armed: number | undefined;
const receipts = new Float64Array(options.sockets);
let heard = 0;

function receive(socket: number, message: ChannelMessage<DevicesStatusUpdate>) {
  // CLOCK_MONOTONIC, in ms: the clock every process of the machine shares.
  const at = Number(process.hrtime.bigint()) / 1e6;
  const status = message.data.devices.find((d) => d.id === options.deviceId)?.status;
  if (armed === undefined || status !== armed || !Number.isNaN(receipts[socket])) return;
  receipts[socket] = at;
  if (++heard < options.sockets) return;
  armed = undefined;
  send({ receipts: Array.from(receipts) });
}

process.on("message", (arm: Arm) => {
  armed = arm.status;
  receipts.fill(NaN);
  heard = 0;
  send({ armed: true });
});

let closing = false;
process.once("SIGTERM", () => {
  closing = true;
  process.exit(0);
});

function connectSocketIo(socket: number): Promise<void> {
  const client: Socket<ServerToClientEvents, ClientToServerEvents> = io(options.url, {
    path: REALTIME_PATH,
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    timeout: 60_000,
    extraHeaders: { cookie: options.cookie },
  });
  client.on(DEVICES_STATUS_EVENT, (message) => receive(socket, message));
  client.on("disconnect", (reason) => closing || fail(`socket ${socket}: ${reason}`));
  return new Promise((resolve, reject) => {
    client.on("connect", () => client.emit("subscribe", { channel: options.channel }));
    client.on("subscription_succeeded", () => resolve());
    client.on("subscription_error", (error) =>
      reject(new Error(`${error.channel}: ${error.message}`)),
    );
    client.on("connect_error", reject);
  });
}

async function connectWs(socket: number): Promise<void> {
  const client = new WebSocket(options.url);
  client.on("message", (data: Buffer) =>
    receive(socket, JSON.parse(data.toString()) as ChannelMessage<DevicesStatusUpdate>),
  );
  client.on("close", () => closing || fail(`socket ${socket}: closed`));
  await once(client, "open");
}

// A few handshakes at a time: a burst of thousands times out on a busy machine.
const connect = options.kind === "ws" ? connectWs : connectSocketIo;
let next = 0;
const worker = async () => {
  while (next < options.sockets) await connect(next++);
};
try {
  await Promise.all(Array.from({ length: 32 }, worker));
} catch (err) {
  fail((err as Error).message);
}
send({ ready: true });
