import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Aedes } from "aedes";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TaskMessage, downTopic, parseTopic } from "@netfleet/contracts/device-protocol";
import { type FileServer, startFileServer } from "./file-server.test-kit";
import type { Fleet } from "./fleet";
import { modelCatalogue } from "./models";
import { eventually } from "./server-process.test-kit";
import { simulate } from "./simulate";
import { type SimulatedTraits, simulatedIdentity } from "./simulation";
import { readState, writeState } from "./state-file";

/**
 * File tasks through the device runtime: simulated devices on a real MQTT broker download
 * from a real HTTP server. The broker is a bare aedes without the console's access rules, so
 * the test sends tasks as the console would; the devices enrolled earlier (the state file),
 * so no console is needed.
 */

const SERVER = "http://127.0.0.1:9";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-agent-tasks-"));
const stateFile = path.join(dir, "fleet.json");
let broker: Aedes;
let tcp: net.Server;
let brokerUrl: string;
let files: FileServer;
let observer: MqttClient;
const fleets: Fleet<SimulatedTraits>[] = [];
/** Everything the devices said but their heartbeats, in the order the broker passed it on. */
const heard: { device: number; line: string; body: Record<string, unknown> }[] = [];

/** One line per message, for comparing sequences. */
function line(kind: string, body: Record<string, unknown>): string {
  if (kind === "status")
    return body.online ? `status online ${String(body.firmware)}` : "status offline";
  if (kind === "task-progress") return `progress ${String(body.stage)}`;
  if (kind === "task-result") return `result ${String(body.ok)}: ${String(body.message)}`;
  return `${kind} ${String(body.type)}`;
}

beforeAll(async () => {
  broker = await Aedes.createBroker();
  tcp = net.createServer(broker.handle);
  await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
  brokerUrl = `mqtt://127.0.0.1:${(tcp.address() as AddressInfo).port}`;
  files = await startFileServer();
  const catalogue = modelCatalogue();
  writeState(stateFile, {
    version: 1,
    server: SERVER,
    seed: 5,
    devices: [0, 1].map((slot) => ({
      ...simulatedIdentity(5, slot, catalogue),
      device_id: 101 + slot,
      secret: "unused by a bare broker",
      mqtt_url: brokerUrl,
    })),
  });
  observer = await mqtt.connectAsync(brokerUrl, { clientId: "console" });
  observer.on("message", (topic, payload) => {
    const parsed = parseTopic(topic);
    if (!parsed || parsed.kind === "telemetry") return;
    const body = JSON.parse(payload.toString()) as Record<string, unknown>;
    heard.push({ device: parsed.deviceId, line: line(parsed.kind, body), body });
  });
  await observer.subscribeAsync("nf/+/up/+", { qos: 1 });
});

afterAll(async () => {
  await Promise.all(fleets.map((fleet) => fleet.stop()));
  await observer?.endAsync();
  await new Promise<void>((resolve) => broker?.close(() => resolve()));
  tcp?.close();
  await files?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function startedFleet() {
  const from = heard.length;
  const fleet = simulate({
    server: SERVER,
    token: "unused",
    state: stateFile,
    devices: 2,
    interval: 60,
    seed: undefined,
    outages: 0,
    identity: undefined,
    mqttUrl: brokerUrl,
    rebootMs: 300,
    installMs: 100,
    retryMs: 50,
  });
  fleets.push(fleet);
  await fleet.until((stats) => stats.online === 2, 10_000);
  // Each device's hello has reached the observer, so that a test hears only what it caused.
  await eventually(
    async () =>
      new Set(
        heard
          .slice(from)
          .filter((m) => m.line.startsWith("status online"))
          .map((m) => m.device),
      ),
    (online) => online.size === 2,
    10_000,
  );
  return fleet;
}

const send = (device: number, task: TaskMessage) =>
  observer.publishAsync(downTopic(device, "task"), JSON.stringify(task), { qos: 1 });

/** What `device` said from `mark` on, once it has said something that passes `done`. */
const heardFrom = (device: number, mark: number, done: (lines: string[]) => boolean) =>
  eventually(
    async () => heard.slice(mark).filter((message) => message.device === device),
    (messages) => done(messages.map((message) => message.line)),
    4_000,
  );
const answered = (lines: string[]) => lines.some((text) => text.startsWith("result"));

describe("a firmware update on a simulated device", () => {
  let fleet: Fleet<SimulatedTraits>;
  const image = randomBytes(3_000_000);
  const file = () => files.offer(image, "RUTX_R_00.07.99.bin");
  const task = (id: string, offered = file()): TaskMessage => ({
    v: 1,
    id,
    action: "firmware_upload",
    file: offered,
  });
  let update: TaskMessage;

  beforeAll(async () => {
    fleet = await startedFleet();
    update = task("update-1");
  });

  it("installs nothing from a corrupted download, and keeps its firmware and connection", async () => {
    const corrupt = Buffer.from(image);
    corrupt[5] = corrupt[5]! ^ 0xff;
    const device = fleet.devices[1]!;
    const mark = heard.length;
    await send(102, task("corrupt-1", files.offer(image, "fw.bin", { served: corrupt })));
    const said = await heardFrom(102, mark, answered);
    expect(said.map((message) => message.line)).toEqual([
      "progress downloading",
      "result false: The file's checksum does not match; nothing was installed.",
    ]);
    expect(said[1]!.body.firmware).toBeUndefined();
    expect(device.phase).toBe("online");
    expect(device.enrolled!.firmware).toBeUndefined();
  });

  it("reports each stage, reboots and answers once back, running the new firmware", async () => {
    const mark = heard.length;
    // QoS 1 may deliver a task twice: the second copy arrives while the first runs.
    await send(101, update);
    await send(101, update);
    const said = await heardFrom(101, mark, answered);
    expect(said.map((message) => message.line)).toEqual([
      "progress downloading",
      "progress installing",
      "progress rebooting",
      "status offline",
      "status online RUTX_R_00.07.99",
      "event reboot",
      "result true: Running RUTX_R_00.07.99",
    ]);
    expect(said.at(-1)!.body).toEqual({
      v: 1,
      id: "update-1",
      ok: true,
      message: "Running RUTX_R_00.07.99",
      firmware: "RUTX_R_00.07.99",
    });
    // Run once: one download, one task, one answer.
    expect(files.gets.get(new URL(update.file!.url).pathname)).toBe(1);
    expect(fleet.stats().tasks).toBe(2);
    expect(heard.slice(mark).filter((message) => message.line.startsWith("result"))).toHaveLength(
      1,
    );
  });

  it("answers the same task sent again after its reboot with the same result, not running it again", async () => {
    const first = heard.findLast((message) => message.line.startsWith("result"))!;
    const mark = heard.length;
    await send(101, update);
    const said = await heardFrom(101, mark, answered);
    expect(said.map((message) => message.body)).toEqual([first.body]);
    expect(files.gets.get(new URL(update.file!.url).pathname)).toBe(1);
    expect(fleet.stats().tasks).toBe(2);
  });

  it("still runs the new firmware after the simulator restarts", async () => {
    await fleet.stop();
    expect(readState(stateFile)!.devices.map((device) => device.firmware)).toEqual([
      "RUTX_R_00.07.99",
      undefined,
    ]);
    const mark = heard.length;
    const again = await startedFleet();
    const said = await heardFrom(101, mark, (lines) =>
      lines.includes("status online RUTX_R_00.07.99"),
    );
    expect(said.map((message) => message.line)).toEqual(["status online RUTX_R_00.07.99"]);
    const other = await heardFrom(102, mark, (lines) => lines.length > 0);
    expect(other.map((message) => message.line)).toEqual([
      `status online ${again.devices[1]!.data.firmware}`,
    ]);
  });
});
