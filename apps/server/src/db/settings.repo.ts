import { eq } from "drizzle-orm";
import type { Db } from "./client";
import { settings } from "./schema";

/** Installation-wide settings: no module owns them, the process does (app.ts reads them). */
export function settingsRepo(db: Db) {
  return {
    /** Reads a setting, creating it with `make()` the first time. */
    async ensure(key: string, make: () => string): Promise<string> {
      await db
        .insert(settings)
        .values({ key, value: make() })
        .onConflictDoNothing({ target: settings.key });
      const [row] = await db.select().from(settings).where(eq(settings.key, key));
      return row!.value;
    },
  };
}
