import path from "node:path";
import { z } from "zod";
import { StartUpError } from "./lib/start-up-error";

/**
 * The server's configuration, parsed once from the environment. Nothing else reads
 * process.env: modules receive the parsed values through buildApp's options.
 */
const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    HOST: z.string().default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** The embedded MQTT broker devices connect to; 0 picks a free port. */
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
    /** PEM files: with both, the broker speaks MQTT over TLS. */
    MQTT_TLS_CERT: z.string().optional(),
    MQTT_TLS_KEY: z.string().optional(),
    /**
     * The broker address enrolling devices are told to connect to (mqtt:// or mqtts://).
     * Unset: the host the device enrolled at, with the embedded broker's port.
     */
    MQTT_PUBLIC_URL: z
      .string()
      .regex(/^mqtts?:\/\/[^/\s]+$/, "MQTT_PUBLIC_URL looks like mqtts://devices.example.com:8883")
      .optional(),
    /** Days of device telemetry history kept; older days are dropped whole. */
    TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * Telemetry rows waiting for the database at most. When the database falls behind,
     * history past this is dropped (and counted in /metrics) so that device state and
     * memory stay safe.
     */
    TELEMETRY_BUFFER_ROWS: z.coerce.number().int().min(10).max(1_000_000).default(20_000),
    /** An online device not heard from for this long goes offline. */
    DEVICE_HEARTBEAT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(180),
    /** A task a device has not answered within this long expires. */
    DEVICE_TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(3600),
    /**
     * A firmware or configuration task sent to a device and not answered within this long
     * fails (download, install and reboot take a while on a slow link).
     */
    DEVICE_UPDATE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(1800),
    /** How often silent devices and unanswered tasks are looked for. */
    DEVICE_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Where the embedded database and generated files live. */
    DATA_DIR: z.string().default("./data"),
    /** Where uploaded files (firmware, backups) are kept: DATA_DIR/files unless given. */
    FILES_DIR: z.string().optional(),
    /**
     * An S3-compatible bucket that keeps uploaded files instead of FILES_DIR, as its URL:
     * path-style (http://127.0.0.1:9000/netfleet) or virtual-hosted
     * (https://netfleet.s3.eu-west-1.amazonaws.com). An object's URL is this, `/`, its key.
     */
    FILES_S3_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .refine((url) => !/[?#]/.test(url), "must be the bucket's URL, without ?query or #fragment")
      .optional(),
    /** The bucket's region, which every request's signature names. */
    FILES_S3_REGION: z.string().default("us-east-1"),
    /** The bucket's access key; needed with FILES_S3_URL. */
    FILES_S3_ACCESS_KEY_ID: z.string().optional(),
    FILES_S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** postgres://… to use a PostgreSQL server instead of the embedded PGlite. */
    DATABASE_URL: z.string().optional(),
    /** The address users reach the console at; links in e-mails start with it. */
    PUBLIC_URL: z.string().url().optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /** Signs access tokens. Generated and kept in the database when not given. */
    SESSION_SECRET: z.string().min(32).optional(),
    ACCESS_TOKEN_TTL: z.coerce.number().int().min(2).default(900),
    REFRESH_TOKEN_TTL: z.coerce
      .number()
      .int()
      .min(60)
      .default(30 * 24 * 3600),
    /** Sign-in attempts per IP address per minute. */
    SIGNIN_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(30),
    /**
     * Wrong passwords for one account from one address before each further try waits
     * (30 s, doubling); ten times as many from all addresses slow the account everywhere.
     */
    SIGNIN_RATE_LIMIT_ACCOUNT: z.coerce.number().int().min(1).default(5),
    /** The longest of those waits, in minutes. */
    SIGNIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
    /** How long a typed password counts for routes that ask for it again (423), in seconds. */
    PASSWORD_CONFIRMATION_SECONDS: z.coerce.number().int().min(1).default(10_800),
    /** smtp(s)://user:pass@host:port to send e-mail; without it mail stays in the outbox. */
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Netfleet <no-reply@netfleet.localhost>"),
    NETFLEET_ADMIN_EMAIL: z.string().optional(),
    NETFLEET_ADMIN_PASSWORD: z.string().optional(),
    NETFLEET_COMPANY_NAME: z.string().default("My company"),
    /** Directory of the built console; defaults to apps/web/dist. */
    WEB_DIST_DIR: z.string().optional(),
    /** Largest request body accepted, in bytes. */
    BODY_LIMIT: z.coerce.number().int().min(1024).default(1_048_576),
    TRUST_PROXY: bool.default(false),
    /** When set, GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; unset, only loopback callers get it. */
    METRICS_TOKEN: z.string().optional(),
    /** A JSON file of theme fields that brands the console; checked at start. */
    THEME_FILE: z.string().optional(),
    /** Where the unbranded console's "Get more resources" link leads; hidden when unset. */
    BUY_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    /** Where the console posts its error reports; without it nothing is reported. */
    ERROR_REPORT_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
    /**
     * A tile server for device maps, e.g. `https://tile.example.com/{z}/{x}/{y}.png`. Unset:
     * maps draw points on a plain background and fetch nothing.
     */
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/\s]+\/\S*$/, "must be an http(s) URL template")
      .optional(),
    /**
     * How realtime events reach sockets held by other server processes: `memory` for one
     * process, `postgres` (LISTEN/NOTIFY) or `redis` (pub/sub) when several share the load.
     */
    REALTIME_ADAPTER: z.enum(["memory", "postgres", "redis"]).default("memory"),
    /** PostgreSQL for the postgres adapter when it is not DATABASE_URL's server. */
    REALTIME_DATABASE_URL: z.string().optional(),
    /** redis://… for the redis adapter. */
    REDIS_URL: z.string().optional(),
    /**
     * Names the adapter's NOTIFY / pub-sub channels. Redis pub/sub is server-wide (database
     * numbers do not separate it), so installations sharing one server need different ones.
     */
    REALTIME_CHANNEL_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,40}$/, "letters, digits, _ . : - only (at most 40)")
      .default("netfleet"),
  })
  .superRefine((env, issues) => {
    if (Boolean(env.MQTT_TLS_CERT) !== Boolean(env.MQTT_TLS_KEY)) {
      issues.addIssue({
        code: "custom",
        path: ["MQTT_TLS_CERT"],
        message: "MQTT over TLS needs both MQTT_TLS_CERT and MQTT_TLS_KEY",
      });
    }
    // Refused here rather than at the first event: an adapter without its server would
    // leave every other node deaf while this one seemed to work.
    if (env.REALTIME_ADAPTER === "postgres" && !(env.REALTIME_DATABASE_URL ?? env.DATABASE_URL)) {
      issues.addIssue({
        code: "custom",
        path: ["REALTIME_ADAPTER"],
        message:
          "postgres needs a PostgreSQL server: set DATABASE_URL or REALTIME_DATABASE_URL (the embedded database cannot carry realtime events between processes)",
      });
    }
    // Refused at start rather than at the first upload, which would fail for every user.
    if (env.FILES_S3_URL) {
      for (const name of ["FILES_S3_ACCESS_KEY_ID", "FILES_S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[name]) {
          issues.addIssue({ code: "custom", path: [name], message: "needed with FILES_S3_URL" });
        }
      }
    }
    if (env.REALTIME_ADAPTER === "redis" && !env.REDIS_URL) {
      issues.addIssue({
        code: "custom",
        path: ["REALTIME_ADAPTER"],
        message: "redis needs REDIS_URL (redis://host:6379)",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    // The operator fixes this by configuration: the lines say what, a stack trace would not.
    throw new StartUpError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

export function resolveDataDir(env: Env): string {
  return path.resolve(env.DATA_DIR);
}

export function resolveFilesDir(env: Env): string {
  return path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR, "files"));
}
