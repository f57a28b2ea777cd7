import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Every e-mail the server sends, whether it left over SMTP or stays here (no SMTP_URL).
 * It is what the Mail logs page lists.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** What the message is for, e.g. "verify_email", so logs can be filtered. */
    template: text("template").notNull(),
    status: text("status", { enum: ["outbox", "pending", "sent", "failed"] }).notNull(),
    error: text("error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_created_at_idx").on(t.createdAt),
    index("mail_outbox_to_idx").on(t.to),
  ],
);
