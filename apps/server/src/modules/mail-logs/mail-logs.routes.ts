import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listEnvelope } from "@netfleet/contracts/envelope";
import { mailLogSchema, mailLogsQuerySchema } from "@netfleet/contracts/schemas/mail-logs";
import { okList } from "../../lib/envelope";
import { presentMailLog } from "./mail-logs.presenter";
import { mailLogsRepo } from "./mail-logs.repo";

export async function mailLogsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/mail-logs",
    {
      schema: {
        tags: ["system"],
        summary: "E-mails the server sent or keeps in its outbox",
        description:
          "Every e-mail of the installation with its status, newest first; links and codes that would let a reader act as the recipient show as `[hidden]`. Filter by `to` (exact), `q` (part of the recipient), `status` and `template`; sort by id, created_at, to, status or template.",
        querystring: mailLogsQuerySchema,
        response: { 200: listEnvelope(mailLogSchema) },
      },
      config: { access: { permission: "view_mail_logs", tenant: false, scope: "system:read" } },
    },
    async (request) => {
      const { rows, total } = await mailLogsRepo(ctx.db).list(request.query);
      return okList(rows.map(presentMailLog), total);
    },
  );
}
