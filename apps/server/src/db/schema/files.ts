import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt } from "./columns";
import { companies } from "./companies";
import { users } from "./users";

/**
 * Files kept for devices: firmware images, configuration backups and the like. The bytes
 * live in the file store (FILES_DIR) under `storage_key`; a row exists only once they are
 * there whole. A file without a company is global firmware, seen by every company.
 */
export const files = pgTable(
  "files",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    /** firmware, config, eventslog, troubleshoot, device_task_manager_file. */
    type: text("type").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    version: text("version"),
    deviceModel: text("device_model"),
    /** The device a file came from (a backup, a log); no reference, the file outlives it. */
    deviceId: integer("device_id"),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    /** SHA-256 of the bytes, hex: devices check what they download against it. */
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("files_company_id_idx").on(t.companyId, t.id),
    // One name per type and company (and once among global files).
    uniqueIndex("files_company_type_name_idx").on(sql`coalesce(${t.companyId}, 0)`, t.type, t.name),
  ],
);

/**
 * Images a company keeps for its device dashboards: JPEG or PNG, their bytes in the file
 * store under `storage_key` like files'.
 */
export const images = pgTable(
  "images",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** device_dashboard. */
    type: text("type").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    /** image/jpeg or image/png, from the bytes, not the upload's word. */
    mime: text("mime").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("images_company_id_idx").on(t.companyId, t.id)],
);
