import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * Companies form a tree. `path` is the materialised ancestry ("1/5/12/"): a company's
 * subtree is every row whose path starts with its own, which one indexed prefix scan
 * answers (db/tenancy.ts).
 */
export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    parentId: integer("parent_id").references((): AnyPgColumn => companies.id),
    /** 1 for a top-level company; a subsidiary is its parent's level + 1. */
    level: smallint("level").notNull(),
    path: text("path").notNull(),
    showPayment: boolean("show_payment").notNull().default(false),
    /** Company data left to spend, in bytes (RMS `remaining_data`). */
    remainingData: bigint("remaining_data", { mode: "number" }).notNull().default(0),
    /** Every user of the company must have a second factor before using the console. */
    mfaMandatory: boolean("mfa_mandatory").notNull().default(false),
    /** The company's contact address (RMS company edit's `email`). */
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("companies_path_key").using("btree", t.path.op("text_pattern_ops")),
    index("companies_parent_id_idx").on(t.parentId),
    index("companies_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);
