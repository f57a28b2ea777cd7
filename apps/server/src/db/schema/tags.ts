import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { companies } from "./companies";

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    color: text("color"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tags_company_name_key").on(t.companyId, t.name),
    index("tags_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  ],
);
