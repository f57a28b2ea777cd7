import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { dataEnvelope, listEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  confirmImpersonationAccessBodySchema,
  confirmImpersonationAccessResultSchema,
  grantImpersonationAccessBodySchema,
  grantImpersonationAccessResultSchema,
  impersonableUserSchema,
  impersonableUsersQuerySchema,
  impersonationLogSchema,
  impersonationLogsQuerySchema,
  startImpersonationResultSchema,
} from "@netfleet/contracts/schemas/impersonation";
import { ok, okList, okMessage } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { issueAccessToken } from "../accounts/sessions.service";
import { presentImpersonableUser, presentImpersonationLog } from "./impersonation.presenter";
import { impersonationRepo } from "./impersonation.repo";
import {
  cancelImpersonation,
  confirmGrant,
  requestGrant,
  revokeGrant,
  startImpersonation,
} from "./impersonation.service";

const userIdParams = z.object({ id: idParamSchema });

export async function impersonationRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ["impersonation"];

  app.post(
    "/api/user/impersonation-access",
    {
      schema: {
        tags,
        summary: "Ask to allow impersonation until a date; a confirmation link is e-mailed",
        body: grantImpersonationAccessBodySchema,
        response: { 200: dataEnvelope(grantImpersonationAccessResultSchema) },
      },
      config: {
        access: { permission: null, tenant: false, session: true, notWhileImpersonating: true },
        rateLimit: { max: 5, timeWindow: 60_000 },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const until = new Date(request.body.until);
      const { expiresAt } = await requestGrant(ctx, auth.user, until);
      return ok(
        {
          email: auth.user.email,
          until: until.toISOString(),
          link_expires_at: expiresAt.toISOString(),
        },
        "Check your inbox to confirm support access",
      );
    },
  );

  app.post(
    "/api/user/impersonation-access/confirm",
    {
      schema: {
        tags,
        summary: "Confirm a grant with the e-mailed link's token (the same signed-in user only)",
        body: confirmImpersonationAccessBodySchema,
        response: { 200: dataEnvelope(confirmImpersonationAccessResultSchema) },
      },
      config: {
        access: { permission: null, tenant: false, session: true, notWhileImpersonating: true },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const until = await confirmGrant(ctx, auth.user.id, request.body.token);
      return ok(
        { impersonation_access_limit: until.toISOString() },
        "Support access granted successfully",
      );
    },
  );

  app.post(
    "/api/user/revoke-impersonation-access",
    {
      schema: {
        tags,
        summary: "Withdraw impersonation access and end any impersonation of you",
        response: { 200: messageEnvelopeSchema },
      },
      // Withdrawing consent must always work, even before the e-mail is confirmed.
      config: { access: { permission: null, tenant: false, session: true, unverified: true } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const ended = await revokeGrant(ctx, auth.user.id);
      if (ended > 0) request.log.info({ targetId: auth.user.id, ended }, "impersonation revoked");
      // Revoked from inside the impersonation: the operator is themselves again.
      if (auth.operator && auth.sessionId) {
        await issueAccessToken(ctx, request, reply, auth.sessionId, auth.operator.id);
      }
      return okMessage("Impersonation access revoked successfully");
    },
  );

  app.post(
    "/api/user/cancel-impersonation",
    {
      schema: {
        tags,
        summary: "Stop impersonating and return to your own session",
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { permission: null, tenant: false, session: true, unverified: true } },
    },
    async (request, reply) => {
      await cancelImpersonation(ctx, request, reply, requireAuth(request));
      return okMessage("Impersonation cancelled");
    },
  );

  app.post(
    "/api/users/:id/impersonate",
    {
      schema: {
        tags,
        summary: "Act as a user who granted access, in this browser session",
        params: userIdParams,
        response: { 200: dataEnvelope(startImpersonationResultSchema) },
      },
      config: {
        access: {
          permission: "impersonate_users",
          tenant: true,
          session: true,
          notWhileImpersonating: true,
        },
      },
    },
    async (request, reply) => {
      await startImpersonation(ctx, request, reply, requireAuth(request), request.params.id);
      return ok({ location: DEFAULT_LANDING_PAGE }, "Impersonation started");
    },
  );

  app.get(
    "/api/users/impersonation-logs",
    {
      schema: {
        tags,
        summary: "Who impersonated whom, and when, in your company tree",
        querystring: impersonationLogsQuerySchema,
        response: { 200: listEnvelope(impersonationLogSchema) },
      },
      config: {
        access: { permission: "view_impersonation_logs", tenant: true, scope: "users:read" },
      },
    },
    async (request) => {
      const { rows, total } = await impersonationRepo(ctx.db).list(
        requireAuth(request).tenant,
        request.query,
      );
      return okList(rows.map(presentImpersonationLog), total);
    },
  );

  app.get(
    "/api/users/impersonable",
    {
      schema: {
        tags,
        summary: "Users you may impersonate now",
        querystring: impersonableUsersQuerySchema,
        response: { 200: listEnvelope(impersonableUserSchema) },
      },
      config: { access: { permission: "impersonate_users", tenant: true, session: true } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { rows, total } = await impersonationRepo(ctx.db).impersonable(
        auth.tenant,
        auth.user.id,
        request.query,
      );
      return okList(rows.map(presentImpersonableUser), total);
    },
  );
}
