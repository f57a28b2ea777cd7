import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, listEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  MANAGED_NOTICE_SORT_FIELDS,
  managedNoticeSchema,
  managedNoticesQuerySchema,
  noticeInputSchema,
  noticeSchema,
  noticesQuerySchema,
  type NoticeInput,
} from "@netfleet/contracts/schemas/notices";
import { ok, okList, okMessage } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { sanitizeNoticeHtml } from "./notice-html";
import { presentManagedNotice, presentNotice } from "./notices.presenter";
import { noticesRepo, type NoticeValues } from "./notices.repo";

const noticeIdParams = z.object({ id: idParamSchema });

/** What is stored: the sanitised message only. */
async function noticeValues(input: NoticeInput): Promise<NoticeValues> {
  const message = await sanitizeNoticeHtml(input.message);
  if (!message.text) {
    throw new AppError(
      "VALIDATION_FAILED",
      "The message has no text left once markup other than links and bold or italic text is removed.",
      { source: "message" },
    );
  }
  return { type: input.type, message: message.html, enabledAt: new Date(input.enabled_at) };
}

function noSuchNotice(): AppError {
  return new AppError("NOT_FOUND", "No such notice.");
}

/** Installation-wide notices: everyone reads those in force, holders of admin_view_notice manage them. */
export async function noticesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ["notices"];
  const manage = { permission: "admin_view_notice", tenant: false } as const;

  app.get(
    "/api/notices",
    {
      schema: {
        tags,
        summary: "Notices in force (enabled_at has passed), newest first",
        querystring: noticesQuerySchema,
        response: { 200: listEnvelope(noticeSchema) },
      },
      config: { access: { permission: null, tenant: false } },
    },
    async (request) => {
      const { rows, total } = await noticesRepo(ctx.db).listInForce(request.query);
      return okList(rows.map(presentNotice), total);
    },
  );

  app.get(
    "/api/admin/notices",
    {
      schema: {
        tags,
        summary: "Every notice, scheduled ones too",
        description: [
          "`q` matches the message text (markup aside), case-insensitively.",
          `\`sort\` takes ${MANAGED_NOTICE_SORT_FIELDS.join(" or ")}, \`-\` in front for descending; the default is newest \`enabled_at\` first.`,
        ].join("\n\n"),
        querystring: managedNoticesQuerySchema,
        response: { 200: listEnvelope(managedNoticeSchema) },
      },
      config: { access: { ...manage, scope: "system:read" } },
    },
    async (request) => {
      const { rows, total } = await noticesRepo(ctx.db).listManaged(request.query);
      return okList(rows.map(presentManagedNotice), total);
    },
  );

  app.post(
    "/api/admin/notices",
    {
      schema: {
        tags,
        summary: "Publish a notice; its message is stored sanitised",
        body: noticeInputSchema,
        response: { 201: dataEnvelope(managedNoticeSchema) },
      },
      config: { access: { ...manage, scope: "system:write" } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const row = await noticesRepo(ctx.db).create(await noticeValues(request.body), auth.user.id);
      if (!row) throw noSuchNotice();
      return reply.status(201).send(ok(presentManagedNotice(row), "Notice created."));
    },
  );

  app.put(
    "/api/admin/notices/:id",
    {
      schema: {
        tags,
        summary: "Change a notice; its message is stored sanitised",
        params: noticeIdParams,
        body: noticeInputSchema,
        response: { 200: dataEnvelope(managedNoticeSchema) },
      },
      config: { access: { ...manage, scope: "system:write" } },
    },
    async (request) => {
      const row = await noticesRepo(ctx.db).update(
        request.params.id,
        await noticeValues(request.body),
      );
      if (!row) throw noSuchNotice();
      return ok(presentManagedNotice(row), "Notice updated.");
    },
  );

  app.delete(
    "/api/admin/notices/:id",
    {
      schema: {
        tags,
        summary: "Delete a notice",
        params: noticeIdParams,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { ...manage, scope: "system:write" } },
    },
    async (request) => {
      if (!(await noticesRepo(ctx.db).delete(request.params.id))) throw noSuchNotice();
      return okMessage("Notice deleted.");
    },
  );
}
