import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Fleet } from "./fleet";
import { runHost } from "./run";
import { TestServer, eventually, repoRoot } from "./server-process.test-kit";
import { simulate } from "./simulate";
import type { SimulatedTraits } from "./simulation";
import { readState } from "./state-file";

/**
 * The agent against a real server process: devices enrol over HTTP, connect to the
 * embedded broker with their own secrets, and what they say (or their last will) shows
 * in the device list the console reads.
 */

let server: TestServer;
let token: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-agent-it-"));
const stateFile = path.join(dir, "fleet.json");
const fleets: Fleet<unknown>[] = [];

beforeAll(async () => {
  server = await TestServer.start();
  token = await server.enrolmentToken();
}, 60_000);

afterAll(async () => {
  await Promise.all(fleets.map((fleet) => fleet.stop()));
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

function fleetOf(devices: number, rebootMs?: number) {
  const fleet = simulate({
    retryMs: 100,
    server: server.url,
    token,
    state: stateFile,
    devices,
    interval: 1,
    seed: 11,
    outages: 0,
    identity: undefined,
    ...(rebootMs ? { rebootMs } : {}),
  });
  fleets.push(fleet);
  return fleet;
}

const statusesOf = async (ids: number[]) =>
  (await server.devices()).filter((d) => ids.includes(d.id)).map((d) => d.status);

describe("the fleet simulator", () => {
  let fleet: Fleet<SimulatedTraits>;
  let ids: number[];

  it("enrols its devices, which come online and report model and firmware", async () => {
    fleet = fleetOf(3, 3_000);
    await fleet.until((s) => s.online === 3, 20_000);
    expect(fleet.stats()).toMatchObject({ enrolled: 3, enrolledNow: 3, refused: 0 });
    ids = fleet.devices.map((d) => d.enrolled!.device_id);

    const listed = await eventually(
      () => server.devices(),
      (rows) => rows.filter((d) => d.status === 1).length === 3,
    );
    expect(
      listed.map(({ id, serial, mac, model, firmware, status }) => ({
        id,
        serial,
        mac,
        model,
        firmware,
        status,
      })),
    ).toEqual(
      fleet.devices.map((d) => ({
        id: d.enrolled!.device_id,
        serial: d.identity.serial,
        mac: d.identity.mac,
        model: d.identity.model,
        firmware: d.data.firmware,
        status: 1,
      })),
    );
    // The identities and secrets are kept for the next start: written at most once a second
    // while devices enrol, so the last one may come a moment after it went online.
    const saved = await eventually(
      () => Promise.resolve(readState(stateFile)?.devices.map((d) => d.device_id) ?? []),
      (kept) => kept.length === ids.length,
    );
    expect(saved).toEqual(ids);
  });

  it("goes offline by its last will when its connection drops, and comes back", async () => {
    fleet.cut(0, 4);
    expect(
      await eventually(
        () => statusesOf([ids[0]!]),
        (s) => s[0] === 0,
      ),
    ).toEqual([0]);
    expect((await statusesOf(ids)).slice(1)).toEqual([1, 1]);
    expect(
      await eventually(
        () => statusesOf([ids[0]!]),
        (s) => s[0] === 1,
      ),
    ).toEqual([1]);
  });

  it("reboots when asked: answers, goes away and returns with its uptime reset", async () => {
    const device = fleet.devices[1]!;
    const before = Date.now();
    const asked = await server.call("POST", "/api/devices/actions", {
      action: "reboot",
      device_id: [ids[1]],
    });
    expect(asked.status).toBe(200);
    await fleet.until((s) => s.tasks === 1, 10_000);
    expect(
      await eventually(
        () => statusesOf([ids[1]!]),
        (s) => s[0] === 0,
      ),
    ).toEqual([0]);
    await fleet.until(() => device.phase === "online", 10_000);
    expect(device.bootAt).toBeGreaterThanOrEqual(before);
    expect(
      await eventually(
        () => statusesOf([ids[1]!]),
        (s) => s[0] === 1,
      ),
    ).toEqual([1]);
  });

  it("says offline when stopped, and a restart reconnects the same devices without enrolling", async () => {
    await fleet.stop();
    expect(
      await eventually(
        () => statusesOf(ids),
        (s) => s.every((v) => v === 0),
      ),
    ).toEqual([0, 0, 0]);

    const again = fleetOf(3);
    await again.until((s) => s.online === 3, 20_000);
    expect(again.stats()).toMatchObject({ enrolled: 3, enrolledNow: 0 });
    expect(again.devices.map((d) => d.enrolled!.device_id)).toEqual(ids);
    expect(
      await eventually(
        () => statusesOf(ids),
        (s) => s.every((v) => v === 1),
      ),
    ).toEqual([1, 1, 1]);
    expect((await server.devices()).length).toBe(3);
    await again.stop();
  });
});

describe("a fleet whose server restarts with its broker on another port", () => {
  it("enrols again to learn the new broker and comes back as the same devices", async () => {
    const fleet = fleetOf(3);
    await fleet.until((s) => s.online === 3, 20_000);
    const ids = fleet.devices.map((d) => d.enrolled!.device_id);
    const broker = fleet.devices[0]!.enrolled!.mqtt_url;

    await server.restart();
    await fleet.until((s) => s.online === 3 && s.enrolledNow === 3, 30_000);
    expect(fleet.devices.map((d) => d.enrolled!.device_id)).toEqual(ids);
    expect(fleet.devices[0]!.enrolled!.mqtt_url).not.toBe(broker);
    // The new credentials are saved (within a second) for the next start.
    const saved = await eventually(
      async () => readState(stateFile)!.devices.map((d) => d.mqtt_url),
      (urls) => !urls.includes(broker),
    );
    expect(saved).toEqual(fleet.devices.map((d) => d.enrolled!.mqtt_url));
    expect(
      await eventually(
        () => statusesOf(ids),
        (s) => s.every((v) => v === 1),
      ),
    ).toEqual([1, 1, 1]);
    await fleet.stop();
  }, 60_000);
});

describe("a device with a given serial and MAC", () => {
  const identity = { serial: "1199900001", mac: "00:1E:42:99:00:01", model: "RUT241" };
  const one = (mac: string, state: string) => {
    const fleet = simulate({
      server: server.url,
      token,
      state: path.join(dir, state),
      devices: 1,
      interval: 1,
      seed: undefined,
      outages: 0,
      identity: { ...identity, mac },
    });
    fleets.push(fleet);
    return fleet;
  };

  it("enrols as exactly that device", async () => {
    const fleet = one(identity.mac, "one.json");
    await fleet.until((s) => s.online === 1, 20_000);
    const id = fleet.devices[0]!.enrolled!.device_id;
    const row = await eventually(
      async () => (await server.devices()).find((d) => d.id === id),
      (d) => d?.status === 1,
    );
    expect(row).toMatchObject({ ...identity, status: 1 });
    await fleet.stop();
  });

  it("takes over the device its company added beforehand, matched by serial and MAC", async () => {
    const added = await server.call<{ data: { id: number; status: number }[] }>(
      "POST",
      "/api/devices",
      {
        data: [
          {
            company_id: await server.companyId(),
            serial: "1199900002",
            mac: "00:1E:42:99:00:03",
            name: "Warehouse gate",
          },
        ],
      },
    );
    expect(added.status).toBe(201);
    const [row] = added.body.data;
    expect(row!.status).toBe(3);

    const fleet = simulate({
      server: server.url,
      token,
      state: path.join(dir, "added.json"),
      devices: 1,
      interval: 1,
      seed: undefined,
      outages: 0,
      identity: { serial: "1199900002", mac: "00:1e:42:99:00:03", model: "TRB140" },
    });
    fleets.push(fleet);
    await fleet.until((s) => s.online === 1, 20_000);
    expect(fleet.devices[0]!.enrolled!.device_id).toBe(row!.id);
    const listed = await eventually(
      async () => (await server.devices()).find((d) => d.id === row!.id),
      (d) => d?.status === 1,
    );
    expect(listed).toMatchObject({
      name: "Warehouse gate",
      serial: "1199900002",
      mac: "00:1E:42:99:00:03",
      model: "TRB140",
      firmware: fleet.devices[0]!.data.firmware,
      status: 1,
    });
    await fleet.stop();
  });

  it("is refused, and not replaced, when the serial is registered with another MAC", async () => {
    const fleet = one("00:1E:42:99:00:02", "other.json");
    await fleet.until((s) => s.refused === 1, 20_000);
    expect(fleet.stats()).toMatchObject({ online: 0, enrolled: 0 });
    expect(fleet.stats().lastProblem).toContain("registered already");
    expect(fleet.devices[0]!.identity.serial).toBe(identity.serial);
    await fleet.stop();
  });
});

describe("the netfleet-agent command", () => {
  it("runs a fleet until SIGINT, then its devices say offline and it exits 0", async () => {
    const known = new Set((await server.devices()).map((d) => d.id));
    const child = spawn(
      process.execPath,
      [
        "apps/agent/bin/netfleet-agent.mjs",
        "simulate",
        ...["--server", server.url, "--token", token, "--devices", "2"],
        ...["--state", path.join(dir, "cli.json"), "--interval", "1", "--outages", "0"],
      ],
      { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

    const added = async () => (await server.devices()).filter((d) => !known.has(d.id));
    const online = await eventually(
      added,
      (rows) => rows.filter((d) => d.status === 1).length === 2,
      30_000,
    );
    expect(
      online.map((d) => d.status),
      output,
    ).toEqual([1, 1]);

    child.kill("SIGINT");
    expect(await exited, output).toBe(0);
    expect(output).toContain("stopped 2 devices");
    expect(await eventually(added, (rows) => rows.every((d) => d.status === 0))).toMatchObject([
      { status: 0 },
      { status: 0 },
    ]);
  }, 45_000);
});

describe("the netfleet-agent command with a wrong token", () => {
  it("says the token is refused and exits 1", async () => {
    const child = spawn(
      process.execPath,
      [
        "apps/agent/bin/netfleet-agent.mjs",
        "simulate",
        ...["--server", server.url, "--token", "nf_enr_wrong", "--devices", "2"],
        ...["--state", path.join(dir, "wrong.json")],
      ],
      { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
    );
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(errors).toContain(
      "netfleet-agent: The enrolment token is not valid. Copy the command again from Add device. (--token)",
    );
  }, 30_000);
});

describe("the host agent", () => {
  it("enrols this host and refuses a reboot it was not allowed", async () => {
    const host = runHost({
      server: server.url,
      token,
      state: path.join(dir, "host.json"),
      interval: 1,
      allowReboot: false,
    });
    fleets.push(host);
    await host.until((s) => s.online === 1, 20_000);
    const id = host.devices[0]!.enrolled!.device_id;
    const row = await eventually(
      async () => (await server.devices()).find((d) => d.id === id),
      (d) => d?.status === 1,
    );
    expect(row).toMatchObject({
      model: "Linux host",
      status: 1,
      mac: host.devices[0]!.identity.mac,
    });
    expect(row!.firmware).toContain(os.release());

    await server.call("POST", "/api/devices/actions", { action: "reboot", device_id: [id] });
    await host.until((s) => s.tasks === 1, 10_000);
    // It answered and stayed: still online, never gone.
    expect(host.stats().online).toBe(1);
    expect(host.devices[0]!.phase).toBe("online");
    await host.stop();
  });
});
