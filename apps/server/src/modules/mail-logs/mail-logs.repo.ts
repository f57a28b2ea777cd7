import { and, count, desc, eq, gt, ilike, sql } from "drizzle-orm";
import type { MailStatus } from "@netfleet/contracts/schemas/mail-logs";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { likeContains, parseSort } from "../../lib/list-query";

const sortable = {
  id: mailOutbox.id,
  created_at: mailOutbox.createdAt,
  to: mailOutbox.to,
  status: mailOutbox.status,
  template: mailOutbox.template,
};

/**
 * The outbox is installation-wide, like the mail server it goes through: a message belongs
 * to no company (a reset link goes to an address, whoever owns it), so there is no subtree
 * to scope it by. Only holders of view_mail_logs read it, an installation permission that
 * only the fixed System Administrator role holds (custom roles cannot be given one).
 */
export function mailLogsRepo(db: Db) {
  return {
    async list(query: {
      to?: string | undefined;
      template?: string | undefined;
      status?: MailStatus | undefined;
      q?: string | undefined;
      sort?: string | undefined;
      limit: number;
      offset: number;
    }) {
      const where = and(
        query.to ? eq(mailOutbox.to, query.to.toLowerCase()) : undefined,
        query.template ? eq(mailOutbox.template, query.template) : undefined,
        query.status ? eq(mailOutbox.status, query.status) : undefined,
        // Recipients only: a subject may carry a code, which a search must not probe.
        query.q ? ilike(mailOutbox.to, likeContains(query.q)) : undefined,
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
