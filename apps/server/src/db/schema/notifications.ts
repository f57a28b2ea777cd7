import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { NOTIFICATION_TYPES } from "@netfleet/contracts/schemas/notifications";
import { createdAt } from "./columns";
import { users } from "./users";

/** What the bell lists: one row per recipient; unseen until `seen_at` is set. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_id_id_idx").on(t.userId, t.id),
    index("notifications_unseen_idx")
      .on(t.userId)
      .where(sql`${t.seenAt} is null`),
  ],
);
