import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * A bulk action over devices: what was asked, by whom, and where its progress is pushed.
 * Its work is queued as jobs (pg-boss, in the same database) over chunks of its steps.
 */
export const actions = pgTable(
  "actions",
  {
    id: serial("id").primaryKey(),
    /** The engine's name of the action: `tags_assign`, `tags_unassign`, `tags_overwrite`. */
    name: text("name").notNull(),
    /** Who started it; each step acts with that user's access as it is when the step runs. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The `private-status.…` channel progress is pushed on. */
    channel: text("channel").notNull(),
    total: integer("total").notNull(),
    /** running, paused (see `pausedReason`), done (every step done), failed (some step failed). */
    status: text("status").notNull().default("running"),
    /** A rollout's plan: RolloutPlan (schemas/device-updates.ts) and its file; null otherwise. */
    plan: jsonb("plan"),
    /** The last wave whose steps are released (0: the canary). */
    wave: smallint("wave").notNull().default(0),
    pausedReason: text("paused_reason"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("actions_channel_idx").on(t.channel)],
);

/**
 * One device's part of an action, and its log. A step leaves `pending` in the transaction
 * that applies it, so a job delivered twice applies each step once; a step that asked its
 * device for something waits until the device answers or its task expires.
 */
export const actionSteps = pgTable(
  "action_steps",
  {
    actionId: integer("action_id")
      .notNull()
      .references(() => actions.id, { onDelete: "cascade" }),
    /** No reference: the step of a device the action deleted stays in its log. */
    deviceId: integer("device_id").notNull(),
    /** What this device's step takes (its tags, say), as the request gave it. */
    params: jsonb("params").notNull(),
    /** pending, waiting (for its device's answer), done, failed. */
    status: text("status").notNull().default("pending"),
    /** 0: a rollout's canary; later waves run once the one before went well. */
    wave: smallint("wave").notNull().default(0),
    message: text("message"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.actionId, t.deviceId] }),
    index("action_steps_device_id_idx").on(t.deviceId, t.actionId),
  ],
);
