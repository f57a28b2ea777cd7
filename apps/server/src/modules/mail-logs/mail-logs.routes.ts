import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listEnvelope } from "@netfleet/contracts/envelope";
import {
  mailLogSchema,
  mailLogsQuerySchema,
  type MailLog,
} from "@netfleet/contracts/schemas/mail-logs";
import type { mailOutbox } from "../../db/schema";
import { okList } from "../../lib/envelope";
import { mailLogsRepo } from "./mail-logs.repo";

function presentMailLog(row: typeof mailOutbox.$inferSelect): MailLog {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    status: row.status,
    error: row.error,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

export async function mailLogsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/mail-logs",
    {
      schema: {
        tags: ["system"],
        summary: "E-mails the server sent or keeps in its outbox",
        querystring: mailLogsQuerySchema,
        response: { 200: listEnvelope(mailLogSchema) },
      },
      config: { access: { permission: "view_mail_logs", scope: "system:read" } },
    },
    async (request) => {
      const { rows, total } = await mailLogsRepo(ctx.db).list(request.query);
      return okList(rows.map(presentMailLog), total);
    },
  );
}
