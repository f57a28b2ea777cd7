import { sql } from "drizzle-orm";

export const everything = sql`select 1`;
