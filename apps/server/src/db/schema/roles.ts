import { sql } from "drizzle-orm";
import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { companies } from "./companies";

/** Fixed roles keep the ids of contracts/roles.ts; custom roles are numbered from 1000. */
export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Null for the fixed roles every company shares. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    isDefault: boolean("is_default").notNull().default(false),
    globalScope: boolean("global_scope").notNull().default(false),
    createdAt: createdAt(),
    /** Last change of the role or of its permission set. */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("roles_company_name_key").on(sql`coalesce(${t.companyId}, 0)`, t.name)],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    roleId: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission: text("permission").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);
