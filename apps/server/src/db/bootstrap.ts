import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { settingsRepo } from "./settings.repo";

// What the first start writes through modules (fixed roles, the first administrator) is in
// modules/accounts/bootstrap.ts: db/ knows no module.

/** Reads an installation setting, creating it with `make()` the first time. */
export function ensureSetting(db: Db, key: string, make: () => string): Promise<string> {
  return settingsRepo(db).ensure(key, make);
}

/** Updates the planner's statistics after a bulk load, so the first queries plan well. */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
