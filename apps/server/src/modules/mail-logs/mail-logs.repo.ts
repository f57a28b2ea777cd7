import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { parseSort } from "../../lib/list-query";

const sortable = {
  id: mailOutbox.id,
  created_at: mailOutbox.createdAt,
  to: mailOutbox.to,
  status: mailOutbox.status,
};

/** The outbox is installation-wide: only holders of view_mail_logs read it. */
export function mailLogsRepo(db: Db) {
  return {
    async list(query: {
      to?: string | undefined;
      template?: string | undefined;
      sort?: string | undefined;
      limit: number;
      offset: number;
    }) {
      const where = and(
        query.to ? eq(mailOutbox.to, query.to.toLowerCase()) : undefined,
        query.template ? eq(mailOutbox.template, query.template) : undefined,
      );
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(...parseSort(query.sort, sortable, [desc(mailOutbox.id)]))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(mailOutbox).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** Messages of one template sent to an address within the last `windowSeconds`. */
    async countRecent(to: string, template: string, windowSeconds: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, to),
            eq(mailOutbox.template, template),
            gt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${windowSeconds})`),
          ),
        );
      return row?.n ?? 0;
    },

    /** Records a message the mailer is about to send, or keeps (status "outbox"). */
    async add(message: {
      to: string;
      subject: string;
      text: string;
      html: string | null;
      template: string;
      status: "outbox" | "pending";
    }): Promise<number> {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      return row!.id;
    },

    async markSent(id: number) {
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: sql`now()` })
        .where(eq(mailOutbox.id, id));
    },

    async markFailed(id: number, error: string) {
      await db.update(mailOutbox).set({ status: "failed", error }).where(eq(mailOutbox.id, id));
    },
  };
}
