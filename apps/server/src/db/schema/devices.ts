import {
  type AnyPgColumn,
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import type { DeviceFacts } from "@netfleet/contracts/device-protocol";
import { actions } from "./actions";
import { createdAt } from "./columns";
import { companies } from "./companies";
import { tags } from "./tags";
import { users } from "./users";

/** The devices a company registered. The devices module extends this table. */
export const devices = pgTable(
  "devices",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    serial: text("serial").notNull(),
    mac: text("mac").notNull(),
    model: text("model").notNull(),
    firmware: text("firmware"),
    /** The device's time zone as it reports it (IANA); maintenance windows follow it. */
    timezone: text("timezone"),
    /** 0 Offline, 1 Online, 2 Pending, anything else Not Activated. */
    status: smallint("status").notNull().default(0),
    /** The hash of the device's own secret, issued at enrolment; null before. */
    secretHash: text("secret_hash"),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    description: text("description"),
    // What the device last reported (device-protocol.ts): shown in the list and on its page.
    /** dBm. */
    signal: smallint("signal"),
    /** °C. */
    temperature: real("temperature"),
    operator: text("operator"),
    connectionType: text("connection_type"),
    wanIp: text("wan_ip"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Metres above sea level; only a GNSS fix gives one. */
    altitude: doublePrecision("altitude"),
    /** Seconds since the device started. */
    routerUptime: integer("router_uptime"),
    /** Bytes since the device started. */
    sent: bigint("sent", { mode: "number" }),
    received: bigint("received", { mode: "number" }),
    facts: jsonb("facts").$type<DeviceFacts>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("devices_serial_key").on(t.serial),
    index("devices_company_id_idx").on(t.companyId),
    index("devices_created_at_idx").on(t.createdAt),
    // Search (`q=`) matches substrings of these; pg_trgm GIN indexes keep it fast at scale.
    // Without a pending list (fastupdate off): a search would read every unmerged entry.
    index("devices_name_trgm_idx")
      .using("gin", t.name.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("devices_serial_trgm_idx")
      .using("gin", t.serial.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    index("devices_mac_trgm_idx")
      .using("gin", t.mac.op("gin_trgm_ops"))
      .with({ fastupdate: false }),
    // Each start of each word of a name (migration 0019's word_prefixes): a search for the
    // number after a separator reads one posting list instead of a tenth of the fleet's.
    index("devices_name_words_idx")
      .using("gin", sql`word_prefixes(${t.name})`)
      .with({ fastupdate: false }),
    // The list's sort keys, each ending with the id its keyset paging breaks ties with.
    index("devices_name_id_idx").on(t.name, t.id),
    index("devices_model_id_idx").on(t.model, t.id),
    index("devices_firmware_id_idx").on(sql`coalesce(${t.firmware}, '')`, t.id),
    index("devices_status_id_idx").on(t.status, t.id),
    index("devices_mac_idx").on(t.mac),
  ],
);

/**
 * Each company's enrolment token: devices enrolling with it join that company. Kept as a
 * hash to look it up and sealed to show it again to those who may add devices.
 */
export const enrolmentTokens = pgTable(
  "enrolment_tokens",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    tokenSealed: text("token_sealed").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("enrolment_tokens_hash_key").on(t.tokenHash)],
);

/** Refused enrolments and connections, with the attempt code the console explains. */
export const deviceConnectionAttempts = pgTable(
  "device_connection_attempts",
  {
    id: serial("id").primaryKey(),
    deviceId: integer("device_id").references(() => devices.id, { onDelete: "cascade" }),
    serial: text("serial").notNull(),
    mac: text("mac").notNull(),
    code: smallint("code").notNull(),
    reason: text("reason"),
    address: text("address"),
    createdAt: createdAt(),
  },
  (t) => [index("device_connection_attempts_device_id_idx").on(t.deviceId, t.createdAt)],
);

export const deviceTags = pgTable(
  "device_tags",
  {
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.tagId] }),
    index("device_tags_tag_id_idx").on(t.tagId, t.deviceId),
  ],
);

/**
 * Measurements over time. Partitioned by day in the migration (drizzle does not model
 * partitions): the retention setting drops whole days.
 */
export const deviceTelemetry = pgTable(
  "device_telemetry",
  {
    deviceId: integer("device_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    signal: smallint("signal"),
    temperature: real("temperature"),
    sent: bigint("sent", { mode: "number" }),
    received: bigint("received", { mode: "number" }),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** Metres above sea level. */
    altitude: doublePrecision("altitude"),
    cpuLoad: real("cpu_load"),
    memoryFree: bigint("memory_free", { mode: "number" }),
    digitalInput: smallint("digital_input"),
    relayOutput: smallint("relay_output"),
  },
  (t) => [index("device_telemetry_device_at_idx").on(t.deviceId, t.at)],
);

/** A device's activity: connections, tasks and their results, what the device reported. */
export const deviceEvents = pgTable(
  "device_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** connected, disconnected, task, task_result, or a type the device reported. */
    type: text("type").notNull(),
    message: text("message"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    taskId: text("task_id"),
  },
  (t) => [index("device_events_device_at_idx").on(t.deviceId, t.at, t.id)],
);

/** Commands sent down to a device (reboot first) and how they ended. */
export const deviceTasks = pgTable(
  "device_tasks",
  {
    id: text("id").primaryKey(),
    deviceId: integer("device_id")
      .notNull()
      .references(() => devices.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    /** pending, succeeded, failed, expired. */
    status: text("status").notNull().default("pending"),
    message: text("message"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** The action whose step sent it; the step ends with the task. */
    actionId: integer("action_id").references((): AnyPgColumn => actions.id, {
      onDelete: "set null",
    }),
    /** What a file task installs: TaskParams (device-tasks.repo.ts). */
    params: jsonb("params"),
    /** Where the device says it is with the task (TASK_STAGES), until it answers. */
    stage: text("stage"),
    /** When it went out to the device; null while it waits for the device to come online. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A file task's one-time download: the token of its URL, and when it was used. */
    downloadToken: text("download_token"),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("device_tasks_device_id_idx").on(t.deviceId, t.createdAt),
    uniqueIndex("device_tasks_download_token_idx").on(t.downloadToken),
    index("device_tasks_pending_idx")
      .on(t.sentAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
