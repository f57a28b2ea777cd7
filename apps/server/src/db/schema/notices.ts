import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { NOTICE_TYPES } from "@netfleet/contracts/schemas/notices";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Installation-wide notices administrators publish to every signed-in user. `message` is
 * HTML already sanitised when stored; a notice shows from `enabled_at` on.
 */
export const notices = pgTable(
  "notices",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: NOTICE_TYPES }).notNull(),
    message: text("message").notNull(),
    enabledAt: timestamp("enabled_at", { withTimezone: true }).notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notices_enabled_at_idx").on(t.enabledAt)],
);
