import { integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { companies } from "./companies";

/**
 * Kinds of prepaid credit ("Remote access", "Data", …). Deliberately minimal: balances
 * only. Movements, purchases and transfer codes belong to the credits capability that
 * extends these tables.
 */
export const creditTypes = pgTable(
  "credit_types",
  {
    id: serial("id").primaryKey(),
    /** Stable code, RMS `credit_type`, e.g. "remote_access". */
    code: text("code").notNull(),
    /** Title shown to people, RMS `credit_type_name`. */
    name: text("name").notNull(),
    paymentType: text("payment_type", { enum: ["free", "paid"] })
      .notNull()
      .default("free"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("credit_types_code_key").on(t.code)],
);

/** A company's balance of one credit type. */
export const companyCredits = pgTable(
  "company_credits",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    creditTypeId: integer("credit_type_id")
      .notNull()
      .references(() => creditTypes.id, { onDelete: "cascade" }),
    /** Credits ever received. */
    creditsCount: integer("credits_count").notNull().default(0),
    creditsLeft: integer("credits_left").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.creditTypeId] })],
);
