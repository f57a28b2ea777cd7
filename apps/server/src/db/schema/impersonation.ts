import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sessions } from "./accounts";
import { createdAt } from "./columns";
import { companies } from "./companies";
import { users } from "./users";

/**
 * A grant of impersonation access waiting for its e-mailed confirmation link. Opening the
 * link (signed in as the same user) copies `until` to users.impersonation_access_limit.
 */
export const impersonationGrants = pgTable(
  "impersonation_grants",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    until: timestamp("until", { withTimezone: true }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("impersonation_grants_hash_key").on(t.tokenHash),
    index("impersonation_grants_user_id_idx").on(t.userId),
  ],
);

/**
 * Every impersonation, who acted as whom and when. E-mails and the company are copied so
 * the log still reads right after accounts change or go. An open row (no `ended_at`) is
 * the live impersonation of its browser session: at most one per session.
 */
export const impersonationLogs = pgTable(
  "impersonation_logs",
  {
    id: serial("id").primaryKey(),
    operatorId: integer("operator_id").references(() => users.id, { onDelete: "set null" }),
    operatorEmail: text("operator_email").notNull(),
    targetId: integer("target_id").references(() => users.id, { onDelete: "set null" }),
    targetEmail: text("target_email").notNull(),
    targetCompanyId: integer("target_company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endReason: text("end_reason", {
      enum: ["cancelled", "expired", "revoked", "signed_out", "session_ended"],
    }),
  },
  (t) => [
    index("impersonation_logs_target_company_id_idx").on(t.targetCompanyId),
    index("impersonation_logs_started_at_idx").on(t.startedAt),
    index("impersonation_logs_target_id_idx").on(t.targetId),
    uniqueIndex("impersonation_logs_live_session_key")
      .on(t.sessionId)
      .where(sql`${t.endedAt} is null`),
  ],
);
