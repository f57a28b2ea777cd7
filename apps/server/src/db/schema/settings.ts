import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Installation-wide settings the server generates once, such as the token signing key. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * The installation's outgoing mail server, set from the console (`/email-smtp`); one row
 * at most. The password is kept as typed: SMTP needs it back to sign in.
 */
export const smtpSettings = pgTable(
  "smtp_settings",
  {
    id: integer("id").primaryKey().default(1),
    host: text("host").notNull(),
    port: integer("port").notNull(),
    security: text("security", { enum: ["none", "starttls", "tls"] }).notNull(),
    username: text("username"),
    password: text("password"),
    fromAddress: text("from_address").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("smtp_settings_single_row", sql`${t.id} = 1`)],
);
