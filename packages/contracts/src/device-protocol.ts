import { z } from "zod";
import { textSchema } from "./schemas/common";

/**
 * The device protocol: how a device enrols over HTTPS and what it says over MQTT. The
 * agent and the server both import this file; no other file names a topic.
 *
 * A device enrols once with its company's enrolment token and receives its own id and
 * secret. Every MQTT connection then authenticates with username = the device id and
 * password = the secret, and may publish only under `nf/{id}/up/…` and subscribe only
 * to `nf/{id}/down/…`.
 */
export const DEVICE_PROTOCOL_VERSION = 1;

/** The path a device enrols at (HTTP POST, JSON). */
export const ENROL_PATH = "/api/devices/enrol";

/** Where a file task's one-time download URL points: `{DOWNLOAD_PATH}/{token}` (HTTP GET). */
export const DOWNLOAD_PATH = "/api/devices/downloads";

const TOPIC_ROOT = "nf";

/** What a device sends: state, measurements, the result of a task, something that happened. */
export const UP_KINDS = ["status", "telemetry", "task-result", "task-progress", "event"] as const;
export type UpKind = (typeof UP_KINDS)[number];
/** What the server sends a device: a task to run, a tunnel to open. */
export const DOWN_KINDS = ["task", "tunnel"] as const;
export type DownKind = (typeof DOWN_KINDS)[number];

export function upTopic(deviceId: number, kind: UpKind): string {
  return `${TOPIC_ROOT}/${deviceId}/up/${kind}`;
}

export function downTopic(deviceId: number, kind: DownKind): string {
  return `${TOPIC_ROOT}/${deviceId}/down/${kind}`;
}

/** Everything a device may subscribe to: its own down topics. */
export function downFilter(deviceId: number): string {
  return `${TOPIC_ROOT}/${deviceId}/down/+`;
}

/**
 * The gateway's subscription to every device's up topics. A shared subscription, so that
 * several server processes on one external broker each take a share of the traffic.
 */
export const GATEWAY_SUBSCRIPTION = `$share/netfleet/${TOPIC_ROOT}/+/up/+`;

export type ParsedTopic =
  | { deviceId: number; direction: "up"; kind: UpKind }
  | { deviceId: number; direction: "down"; kind: DownKind };

/** The device, direction and kind of a topic; null for any topic outside the protocol. */
export function parseTopic(topic: string): ParsedTopic | null {
  const parts = topic.split("/");
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT) return null;
  const [, id, direction, kind] = parts as [string, string, string, string];
  if (!/^[1-9][0-9]{0,9}$/.test(id)) return null;
  const deviceId = Number(id);
  if (deviceId > 2_147_483_647) return null;
  if (direction === "up" && (UP_KINDS as readonly string[]).includes(kind)) {
    return { deviceId, direction, kind: kind as UpKind };
  }
  if (direction === "down" && (DOWN_KINDS as readonly string[]).includes(kind)) {
    return { deviceId, direction, kind: kind as DownKind };
  }
  return null;
}

/** A MAC address as devices report it, normalised to upper case with colons. */
export const macSchema = z
  .string()
  .trim()
  .regex(
    /^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/,
    "Enter a MAC address such as 00:1E:42:12:34:56",
  )
  .transform((mac) =>
    mac
      .replace(/[:-]/g, "")
      .toUpperCase()
      .replace(/(..)(?!$)/g, "$1:"),
  );

/** A serial number: digits and letters, as printed on the device. */
export const serialSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,32}$/, "Enter the serial number printed on the device");

/** Text a device reports: data, shown inert wherever it appears. */
const deviceText = (max: number) => textSchema({ max, trim: true });

export const enrolRequestSchema = z.strictObject({
  token: z.string().min(1).max(200),
  serial: serialSchema,
  mac: macSchema,
  model: deviceText(64).pipe(z.string().min(1)),
  firmware: deviceText(64).optional(),
  protocol: z.literal(DEVICE_PROTOCOL_VERSION).optional(),
});
export type EnrolRequest = z.input<typeof enrolRequestSchema>;

export const enrolAnswerSchema = z.object({
  device_id: z.number().int(),
  /** Shown once: the server keeps only its hash. */
  secret: z.string(),
  protocol: z.literal(DEVICE_PROTOCOL_VERSION),
  /** The MQTT broker to connect to, e.g. `mqtts://devices.example.com:8883`. */
  mqtt_url: z.string(),
});
export type EnrolAnswer = z.infer<typeof enrolAnswerSchema>;

/**
 * `nf/{id}/up/status`, retained: what the device is now. Sent on connect and whenever it
 * changes; `online: false` is also the connection's last will.
 */
/** A network interface of the device, as the device reports it. */
export const deviceInterfaceSchema = z.object({
  name: deviceText(32),
  mac: deviceText(32).optional(),
  addresses: z.array(deviceText(64)).max(16).default([]),
});

/**
 * Facts about the device that change rarely (the host of a real agent, the hardware of a
 * simulated one): shown on the device's page.
 */
export const deviceFactsSchema = z.object({
  hostname: deviceText(100).optional(),
  kernel: deviceText(100).optional(),
  cpu: deviceText(100).optional(),
  cpu_count: z.number().int().min(1).max(1024).optional(),
  memory_total: z.number().int().min(0).optional(),
  interfaces: z.array(deviceInterfaceSchema).max(32).optional(),
});
export type DeviceFacts = z.infer<typeof deviceFactsSchema>;

export const statusMessageSchema = z.object({
  v: z.literal(DEVICE_PROTOCOL_VERSION),
  online: z.boolean(),
  firmware: deviceText(64).optional(),
  model: deviceText(64).optional(),
  name: deviceText(100).optional(),
  uptime: z.number().int().min(0).optional(),
  facts: deviceFactsSchema.optional(),
  /** The device's time zone (IANA, "Europe/Vilnius"): maintenance windows follow it. */
  timezone: deviceText(64).optional(),
});
export type StatusMessage = z.infer<typeof statusMessageSchema>;

/** `nf/{id}/up/telemetry`: measurements, also the heartbeat (every `interval` seconds). */
export const telemetryMessageSchema = z.object({
  v: z.literal(DEVICE_PROTOCOL_VERSION),
  /** Seconds since the epoch, the device's clock. */
  at: z.number().int().min(0),
  /** dBm. */
  signal: z.number().min(-150).max(0).optional(),
  /** °C. */
  temperature: z.number().min(-60).max(150).optional(),
  /** Bytes since the device started. */
  rx_bytes: z.number().int().min(0).optional(),
  tx_bytes: z.number().int().min(0).optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  /** Metres above sea level, from a GNSS fix: from the Dead Sea shore to above any summit. */
  altitude: z.number().min(-500).max(10_000).optional(),
  operator: deviceText(64).optional(),
  /** "2G", "3G", "4G", "5G", "WAN", … */
  connection_type: deviceText(16).optional(),
  wan_ip: deviceText(64).optional(),
  uptime: z.number().int().min(0).optional(),
  /** Percent. */
  cpu_load: z.number().min(0).max(100).optional(),
  /** Bytes. */
  memory_free: z.number().int().min(0).optional(),
  /** Digital input and relay output states, 0 or 1. */
  digital_input: z.union([z.literal(0), z.literal(1)]).optional(),
  relay_output: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type TelemetryMessage = z.infer<typeof telemetryMessageSchema>;

/** The actions a device runs when the server asks. */
export const TASK_ACTIONS = ["reboot", "firmware_upload", "config_upload"] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** The actions that install a file (`file` in the task). */
export const FILE_TASK_ACTIONS = ["firmware_upload", "config_upload"] as const;
export type FileTaskAction = (typeof FILE_TASK_ACTIONS)[number];

export const isFileTask = (action: string): action is FileTaskAction =>
  (FILE_TASK_ACTIONS as readonly string[]).includes(action);

/**
 * The file a firmware or configuration task installs. `url` is good for one download
 * (HTTP GET, no other credentials); the device checks the bytes against `sha256` before it
 * installs anything, and keeps what it runs when they differ.
 */
export const taskFileSchema = z.object({
  url: z.string().min(1).max(2000),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().min(0),
  name: z.string().max(255),
  /** firmware_upload: the firmware the device reports once it runs the file. */
  version: z.string().max(64).optional(),
  /** firmware_upload: keep the device's settings across the update. */
  keep_settings: z.boolean().optional(),
});
export type TaskFile = z.infer<typeof taskFileSchema>;

/**
 * The firmware a device runs after installing a file: the task's `version`, or else the
 * file's name without its extensions (each starting with a letter, so a version's dots
 * stay) and the `_WEBUI` suffix of web-UI images: "RUTX_R_00.07.06.1_WEBUI.bin" →
 * "RUTX_R_00.07.06.1". The server expects it and the device reports it by this one rule.
 */
export function installedFirmware(file: { name: string; version?: string | null | undefined }) {
  const name = file.name.replace(/(\.[A-Za-z][A-Za-z0-9]*)+$/, "").replace(/_WEBUI$/i, "");
  return (file.version || name || file.name).slice(0, 64);
}

/** `nf/{id}/down/task`, QoS 1: run this. */
export const taskMessageSchema = z
  .object({
    v: z.literal(DEVICE_PROTOCOL_VERSION),
    id: z.string().min(1).max(64),
    action: z.enum(TASK_ACTIONS),
    file: taskFileSchema.optional(),
  })
  .refine((task) => isFileTask(task.action) === (task.file !== undefined), {
    message: "A firmware or configuration task names its file; no other task does.",
    path: ["file"],
  });
export type TaskMessage = z.infer<typeof taskMessageSchema>;

/**
 * `nf/{id}/up/task-result`, QoS 1: how the task ended. A firmware update answers once the
 * device runs again after its reboot, with the firmware it now runs (`firmware`): the
 * server counts it done only on the version the task named.
 */
export const taskResultMessageSchema = z.object({
  v: z.literal(DEVICE_PROTOCOL_VERSION),
  id: z.string().min(1).max(64),
  ok: z.boolean(),
  message: deviceText(500).optional(),
  firmware: deviceText(64).optional(),
});
export type TaskResultMessage = z.infer<typeof taskResultMessageSchema>;

/** Where a device is with a file task, before it answers. */
export const TASK_STAGES = ["downloading", "installing", "rebooting"] as const;
export type TaskStage = (typeof TASK_STAGES)[number];

/** `nf/{id}/up/task-progress`, QoS 1: the device moved on to this stage of a task. */
export const taskProgressMessageSchema = z.object({
  v: z.literal(DEVICE_PROTOCOL_VERSION),
  id: z.string().min(1).max(64),
  stage: z.enum(TASK_STAGES),
});
export type TaskProgressMessage = z.infer<typeof taskProgressMessageSchema>;

/** `nf/{id}/up/event`: something that happened on the device, for its activity. */
export const eventMessageSchema = z.object({
  v: z.literal(DEVICE_PROTOCOL_VERSION),
  at: z.number().int().min(0),
  type: z.string().min(1).max(64),
  message: deviceText(500).optional(),
});
export type EventMessage = z.infer<typeof eventMessageSchema>;

/** The schema of each up kind, for the gateway's one parse. */
export const UP_SCHEMAS = {
  status: statusMessageSchema,
  telemetry: telemetryMessageSchema,
  "task-result": taskResultMessageSchema,
  "task-progress": taskProgressMessageSchema,
  event: eventMessageSchema,
} as const satisfies Record<UpKind, z.ZodType>;
