import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope } from "@netfleet/contracts/envelope";
import {
  createNotificationResultSchema,
  createNotificationSchema,
  markNotificationsSeenResultSchema,
  markNotificationsSeenSchema,
  notificationSchema,
  notificationsMetaSchema,
  notificationsQuerySchema,
} from "@netfleet/contracts/schemas/notifications";
import { ok } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { presentNotification } from "./notifications.presenter";
import { notificationsRepo } from "./notifications.repo";
import { notifyUsers } from "./notifications.service";

/** The bell's notifications: each user reads and marks their own; a super administrator sends. */
export async function notificationsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ["notifications"];

  app.get(
    "/api/notifications",
    {
      schema: {
        tags,
        summary: "Your notifications, newest first",
        description:
          "`seen` (`seen` or `unseen`) narrows the list. `meta.total` counts what the filter matches; `meta.unseen` counts all of your unseen notifications.",
        querystring: notificationsQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.array(notificationSchema),
            meta: notificationsMetaSchema,
          }),
        },
      },
      config: { access: { permission: null, tenant: false, scope: "notifications:read" } },
    },
    async (request) => {
      const { rows, total, unseen } = await notificationsRepo(ctx.db).listOwn(
        requireAuth(request).user.id,
        request.query,
      );
      return {
        success: true as const,
        data: rows.map(presentNotification),
        meta: { total, unseen },
      };
    },
  );

  app.put(
    "/api/notifications",
    {
      schema: {
        tags,
        summary: "Mark notifications as seen",
        description:
          "Ids that are not yours, or already seen, are left alone. `data.updated` counts those marked now.",
        body: markNotificationsSeenSchema,
        response: { 200: dataEnvelope(markNotificationsSeenResultSchema) },
      },
      config: { access: { permission: null, tenant: false, scope: "notifications:write" } },
    },
    async (request) => {
      const updated = await notificationsRepo(ctx.db).markSeen(
        requireAuth(request).user.id,
        request.body.id,
      );
      return ok({ updated });
    },
  );

  app.post(
    "/api/notifications",
    {
      schema: {
        tags,
        summary: "Notify a user, or every user of a company",
        description:
          "Give either `user_id` or `company_id`; either must lie in your company tree. Each recipient also gets the notification pushed on `private-notifications.{id}`.",
        body: createNotificationSchema,
        response: { 200: dataEnvelope(createNotificationResultSchema) },
      },
      config: { access: { permission: "super_admin", tenant: true, scope: "notifications:write" } },
    },
    async (request) => {
      const { tenant } = requireAuth(request);
      const { user_id: userId, company_id: companyId, type, summary } = request.body;
      const repo = notificationsRepo(ctx.db);
      const recipients =
        userId !== undefined
          ? await repo.userInScope(tenant, userId)
          : await repo.usersOfCompanyInScope(tenant, companyId!);
      if (!recipients) {
        throw new AppError(
          "NOT_FOUND",
          userId !== undefined ? "No such user." : "No such company.",
          {
            source: userId !== undefined ? "user_id" : "company_id",
          },
        );
      }
      const sent = await notifyUsers(ctx, recipients, { type, summary });
      return ok({ notified: sent.length }, "Notification sent successfully");
    },
  );
}
