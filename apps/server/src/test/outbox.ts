import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

/**
 * The last e-mail sent to an address (of a template), as it left the server: Mail logs
 * hide the secrets in it, the recipient's copy does not.
 */
export async function lastMail(db: Db, to: string, template?: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), template ? eq(mailOutbox.template, template) : undefined))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row;
}

/** The `token` of the link in an e-mail's text. */
export function linkToken(text: string | undefined): string {
  const match = /token=([A-Za-z0-9_%-]+)/.exec(text ?? "");
  if (!match?.[1]) throw new Error(`no link in ${text}`);
  return decodeURIComponent(match[1]);
}

/**
 * Waits until `count` e-mails of a template reached an address (they are sent after the
 * answer, see `later` in accounts.routes.ts) and returns the last.
 */
export async function awaitMail(db: Db, to: string, template: string, count = 1) {
  for (let i = 0; i < 400; i++) {
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)))
      .orderBy(desc(mailOutbox.id));
    if (rows.length >= count) return rows[0]!;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${count} ${template} e-mail(s) did not reach ${to}`);
}
