import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { smtpSettings } from "../../db/schema";
import type { SmtpServer } from "../../plugins/mailer";

export type SmtpSettingsRow = typeof smtpSettings.$inferSelect;

/** The installation's one row of outgoing mail server settings. */
export function emailSmtpRepo(db: Db) {
  async function get(): Promise<SmtpSettingsRow | undefined> {
    const [row] = await db.select().from(smtpSettings).where(eq(smtpSettings.id, 1));
    return row;
  }

  return {
    get,

    /** The stored server as the mailer takes it, or null. */
    async server(): Promise<SmtpServer | null> {
      const row = await get();
      if (!row) return null;
      return {
        host: row.host,
        port: row.port,
        security: row.security,
        username: row.username,
        password: row.password,
        from: row.fromAddress,
      };
    },

    /** Stores the settings; `password` undefined keeps the stored one. */
    async save(values: {
      host: string;
      port: number;
      security: SmtpSettingsRow["security"];
      username: string | null;
      password: string | null | undefined;
      fromAddress: string;
    }) {
      const { password, ...rest } = values;
      const set = { ...rest, ...(password !== undefined && { password }), updatedAt: sql`now()` };
      await db
        .insert(smtpSettings)
        .values({ id: 1, ...rest, password: password ?? null })
        .onConflictDoUpdate({ target: smtpSettings.id, set });
    },

    async clear() {
      await db.delete(smtpSettings).where(eq(smtpSettings.id, 1));
    },
  };
}
