import fs from "node:fs";
import path from "node:path";
import { macSchema, serialSchema } from "@netfleet/contracts/device-protocol";

/** Who a device is, as it tells the server when it enrols. */
export interface DeviceIdentity {
  serial: string;
  mac: string;
  model: string;
}

/** A device the server enrolled: what it needs to connect again without enrolling. */
export interface EnrolledDevice extends DeviceIdentity {
  device_id: number;
  /** The device's own secret, shown once by the server: the file is kept private. */
  secret: string;
  mqtt_url: string;
  /** The firmware the device installed since it enrolled (a simulated update): it runs this now. */
  firmware?: string;
}

/**
 * The agent's state file: the seed its simulated devices are drawn from, the server they
 * enrolled at and each device's identity and credentials. A restarted agent reads it and
 * reconnects as the same devices.
 */
export interface AgentState {
  version: 1;
  server: string;
  seed: number;
  devices: EnrolledDevice[];
}

export const DEFAULT_STATE_FILE = "./netfleet-agent-state.json";

export class StateFileError extends Error {}

function enrolledDevice(value: unknown, file: string, index: number): EnrolledDevice {
  const entry = (value ?? {}) as Record<string, unknown>;
  const fail = (what: string): never => {
    throw new StateFileError(`${file}: device ${index + 1} ${what}`);
  };
  const serial = serialSchema.safeParse(entry.serial);
  const mac = macSchema.safeParse(entry.mac);
  if (!serial.success) fail("has no valid serial");
  if (!mac.success) fail("has no valid mac");
  if (typeof entry.model !== "string" || entry.model === "") fail("has no model");
  if (!Number.isInteger(entry.device_id)) fail("has no device_id");
  if (typeof entry.secret !== "string" || entry.secret === "") fail("has no secret");
  if (typeof entry.mqtt_url !== "string" || !/^mqtts?:\/\//.test(entry.mqtt_url)) {
    fail("has no mqtt_url");
  }
  const firmware = entry.firmware;
  if (
    firmware !== undefined &&
    (typeof firmware !== "string" || !firmware || firmware.length > 64)
  ) {
    fail("has a firmware that is not 1 to 64 characters");
  }
  return {
    serial: serial.data!,
    mac: mac.data!,
    model: entry.model as string,
    device_id: entry.device_id as number,
    secret: entry.secret as string,
    mqtt_url: entry.mqtt_url as string,
    ...(firmware !== undefined && { firmware: firmware as string }),
  };
}

/** The state in `file`, or null when there is no such file yet. */
export function readState(file: string): AgentState | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new StateFileError(`${file}: ${(err as Error).message}`);
  }
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new StateFileError(`${file} is not JSON; move it away to start with a new fleet`);
  }
  if (doc.version !== 1)
    throw new StateFileError(`${file}: unknown version ${String(doc.version)}`);
  if (typeof doc.server !== "string") throw new StateFileError(`${file}: no server`);
  if (!Number.isInteger(doc.seed)) throw new StateFileError(`${file}: no seed`);
  if (!Array.isArray(doc.devices)) throw new StateFileError(`${file}: no devices list`);
  return {
    version: 1,
    server: doc.server,
    seed: doc.seed as number,
    devices: doc.devices.map((entry, index) => enrolledDevice(entry, file, index)),
  };
}

/**
 * Writes the state whole, through a temporary file renamed into place, so that a crash
 * never leaves half a file; readable by its owner only, as it holds device secrets.
 */
export function writeState(file: string, state: AgentState): void {
  const dir = path.dirname(path.resolve(file));
  fs.mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** Server addresses compare without a trailing slash. */
export function sameServer(a: string, b: string): boolean {
  return a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
}
