import { parseArgs } from "node:util";
import { macSchema, serialSchema } from "@netfleet/contracts/device-protocol";
import { DEFAULT_STATE_FILE } from "./state-file";

/** The command line, checked: every mistake is a UsageError naming the option. */
export class UsageError extends Error {}

interface Common {
  server: string;
  token: string;
  state: string;
  /** Seconds between heartbeats. */
  interval: number;
}

export interface SimulateCommand extends Common {
  command: "simulate";
  devices: number;
  seed: number | undefined;
  /** Outages per device per day. */
  outages: number;
  /** The share of devices that refuse the files they are sent, percent. */
  failUpdates: number;
  /** One device with this identity instead of a generated fleet. */
  identity: { serial: string; mac: string; model: string | undefined } | undefined;
}

export interface RunCommand extends Common {
  command: "run";
  allowReboot: boolean;
}

export type Command = { command: "help" } | SimulateCommand | RunCommand;

export const USAGE = `Usage:
  netfleet-agent simulate --server URL --token TOKEN [--devices N] [options]
  netfleet-agent run --server URL --token TOKEN [--allow-reboot] [options]

simulate  enrols and runs N virtual devices of the RUT, RUTX, RUTM, TRB, TSW, TAP, DAP,
          OTD and TCR families (one MQTT connection each).
run       enrols this Linux host as a device and reports its real facts and measurements.

Options:
  --server URL       the Netfleet console, e.g. http://localhost:8080
  --token TOKEN      the company's enrolment token (Add device shows it)
  --state FILE       identities and secrets of enrolled devices (default ${DEFAULT_STATE_FILE});
                     a restart with the same file reconnects the same devices
  --interval SECONDS seconds between heartbeats (default 60)
simulate only:
  --devices N        how many devices (default 10)
  --serial S --mac M run exactly one device with this serial number and MAC
  --model MODEL      the model of that device (default: drawn from the seed)
  --seed N           draws the fleet; a new state file gets a random one
  --outages N        connection losses per device per day (default 2; 0 for none)
  --fail-updates P   P percent of the devices refuse firmware and configuration files
                     (default 0; the same devices on every run)
run only:
  --allow-reboot     let the console reboot this host (refused otherwise)
  -h, --help         this text`;

const OPTIONS = {
  server: { type: "string" },
  token: { type: "string" },
  state: { type: "string" },
  interval: { type: "string" },
  devices: { type: "string" },
  serial: { type: "string" },
  mac: { type: "string" },
  model: { type: "string" },
  seed: { type: "string" },
  outages: { type: "string" },
  "fail-updates": { type: "string" },
  "allow-reboot": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

const ONLY: Record<"simulate" | "run", readonly (keyof typeof OPTIONS)[]> = {
  simulate: ["devices", "serial", "mac", "model", "seed", "outages", "fail-updates"],
  run: ["allow-reboot"],
};

function number(
  name: string,
  text: string | undefined,
  fallback: number,
  { min, max, integer }: { min: number; max: number; integer: boolean },
): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new UsageError(
      `--${name} must be ${integer ? "a whole number" : "a number"}, not "${text}"`,
    );
  }
  if (value < min || value > max) {
    throw new UsageError(`--${name} must be between ${min} and ${max}, not ${value}`);
  }
  return value;
}

function serverUrl(text: string | undefined): string {
  if (!text) throw new UsageError("--server is required, e.g. --server http://localhost:8080");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--server must be an http:// or https:// address, not "${text}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`--server must be an http:// or https:// address, not "${text}"`);
  }
  return text.replace(/\/+$/, "");
}

export function parseCommand(argv: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    // Node's own messages are long; the option's name is what helps.
    const option = /'(-[^']*)'/.exec((err as Error).message)?.[1];
    const code = (err as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(`unknown option ${option}`);
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      throw new UsageError(`${option?.split(" ")[0] ?? "an option"} needs a value`);
    }
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === "help") return { command: "help" };
  const [command, ...extra] = positionals;
  if (command !== "simulate" && command !== "run") {
    throw new UsageError(
      command === undefined ? "name a command: simulate or run" : `unknown command "${command}"`,
    );
  }
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const other = command === "simulate" ? "run" : "simulate";
  for (const name of ONLY[other]) {
    if (values[name] !== undefined) throw new UsageError(`--${name} belongs to ${other}`);
  }

  const common: Common = {
    server: serverUrl(values.server),
    token: values.token ?? "",
    state: values.state ?? DEFAULT_STATE_FILE,
    interval: number("interval", values.interval, 60, { min: 1, max: 86_400, integer: false }),
  };
  if (!common.token) throw new UsageError("--token is required: the company's enrolment token");
  if (values.state === "") throw new UsageError("--state needs a file name");

  if (command === "run")
    return { command, ...common, allowReboot: values["allow-reboot"] ?? false };

  let identity: SimulateCommand["identity"];
  if (values.serial !== undefined || values.mac !== undefined) {
    if (values.serial === undefined) throw new UsageError("--mac needs --serial as well");
    if (values.mac === undefined) throw new UsageError("--serial needs --mac as well");
    const serial = serialSchema.safeParse(values.serial);
    if (!serial.success) {
      throw new UsageError(`--serial "${values.serial}": 4 to 32 letters, digits or dashes`);
    }
    const mac = macSchema.safeParse(values.mac);
    if (!mac.success)
      throw new UsageError(`--mac "${values.mac}": a MAC such as 00:1E:42:12:34:56`);
    if (values.model !== undefined && !values.model.trim()) {
      throw new UsageError("--model needs a model name, e.g. RUTX11");
    }
    identity = { serial: serial.data, mac: mac.data, model: values.model?.trim() };
  } else if (values.model !== undefined) {
    throw new UsageError("--model names the model of --serial; a generated fleet draws its own");
  }
  const devices = number("devices", values.devices, identity ? 1 : 10, {
    min: 1,
    max: 100_000,
    integer: true,
  });
  if (identity && devices !== 1) throw new UsageError("--serial and --mac run exactly one device");
  return {
    command,
    ...common,
    devices,
    seed:
      values.seed === undefined
        ? undefined
        : number("seed", values.seed, 0, { min: 0, max: 2_147_483_647, integer: true }),
    outages: number("outages", values.outages, 2, { min: 0, max: 1_440, integer: false }),
    failUpdates: number("fail-updates", values["fail-updates"], 0, {
      min: 0,
      max: 100,
      integer: false,
    }),
    identity,
  };
}
