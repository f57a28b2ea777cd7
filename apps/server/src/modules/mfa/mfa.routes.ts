import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  changePasswordBodySchema,
  confirmMfaEnrolmentBodySchema,
  mfaEnrolledSchema,
  mfaEnrolmentSchema,
  mfaStatusSchema,
  passwordConfirmationBodySchema,
  removeUserMfaBodySchema,
  startMfaEnrolmentBodySchema,
  updateCompanyMfaBodySchema,
} from "@netfleet/contracts/schemas/mfa";
import { ok, okMessage } from "../../lib/envelope";
import { type Auth, requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { companiesRepo } from "../companies/companies.repo";
import { usersRepo } from "../users/users.repo";
import { mfaRepo } from "./mfa.repo";
import {
  changePassword,
  confirmEnrolment,
  confirmSessionPassword,
  disableMfa,
  mfaStatus,
  startEnrolment,
} from "./mfa.service";

/** The account's own factor: a browser session, never while impersonating. */
const own = {
  permission: null,
  tenant: false,
  session: true,
  notWhileImpersonating: true,
} as const;
const companyParams = z.object({ id: idParamSchema });

/** Routes of session-bound handlers: the plugin guarantees a session id. */
function sessionOf(auth: Auth): string {
  if (!auth.sessionId)
    throw new AppError("FORBIDDEN", "This action needs a signed-in browser session.");
  return auth.sessionId;
}

/** Second factors, password confirmation and password change (forms §4). */
export async function mfaRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ["mfa"];

  app.get(
    "/api/mfa",
    {
      schema: {
        tags,
        summary: "Your second factor",
        response: { 200: dataEnvelope(mfaStatusSchema) },
      },
      config: { access: { ...own, mfaSetup: true } },
    },
    async (request) => ok(await mfaStatus(ctx, requireAuth(request).user.id)),
  );

  app.post(
    "/api/mfa",
    {
      schema: {
        tags,
        summary: "Start enrolling a second factor (replaces one in progress)",
        description:
          "TOTP answers the secret and its QR code; e-mail sends a code. `PUT /api/mfa` confirms.",
        body: startMfaEnrolmentBodySchema,
        response: { 200: dataEnvelope(mfaEnrolmentSchema) },
      },
      config: { access: { ...own, mfaSetup: true }, sensitive: { mfa: true, password: true } },
    },
    async (request) =>
      ok(await startEnrolment(ctx, requireAuth(request).user.id, request.body.type)),
  );

  app.put(
    "/api/mfa",
    {
      schema: {
        tags,
        summary: "Confirm the enrolment in progress with a code of the new factor",
        body: confirmMfaEnrolmentBodySchema,
        response: { 200: dataEnvelope(mfaEnrolledSchema) },
      },
      config: { access: { ...own, mfaSetup: true } },
    },
    async (request) =>
      ok(
        await confirmEnrolment(ctx, requireAuth(request).user.id, request.body.code),
        "Two-factor authentication is on",
      ),
  );

  app.delete(
    "/api/mfa",
    {
      schema: {
        tags,
        summary: "Turn your second factor off",
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: own, sensitive: { mfa: true, password: true } },
    },
    async (request) => {
      await disableMfa(ctx, requireAuth(request).user.id);
      return okMessage("Two-factor authentication is off");
    },
  );

  app.post(
    "/api/password-confirmation",
    {
      schema: {
        tags,
        summary: "Confirm your password for routes that ask for it again (423)",
        body: passwordConfirmationBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: {
        access: { ...own, mfaSetup: true },
        rateLimit: {
          max: 10,
          timeWindow: 60_000,
          keyGenerator: (request) => `password-confirmation:${request.auth?.user.id ?? request.ip}`,
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await confirmSessionPassword(
        ctx,
        auth.user.id,
        sessionOf(auth),
        request.ip,
        request.body.password,
      );
      return okMessage("Password confirmed");
    },
  );

  app.put(
    "/api/user/password",
    {
      schema: {
        tags,
        summary: "Change your password; your other sessions end",
        body: changePasswordBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: own, sensitive: { mfa: true } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await changePassword(ctx, auth.user.id, sessionOf(auth), request.ip, request.body);
      return okMessage("Password changed successfully");
    },
  );

  app.delete(
    "/api/admin/users/mfa",
    {
      schema: {
        tags,
        summary: "Remove a user's second factor",
        body: removeUserMfaBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: {
        access: { permission: "super_admin", tenant: true, session: true },
        sensitive: { password: true },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const user = await usersRepo(ctx.db).findByEmailInScope(auth.tenant, request.body.email);
      if (!user) throw new AppError("NOT_FOUND", "No such user.", { source: "email" });
      await ctx.db.transaction((tx) => mfaRepo(tx).disable(user.id));
      return okMessage("Two-factor authentication removed");
    },
  );

  app.put(
    "/api/companies/:id/mfa",
    {
      schema: {
        tags,
        summary: "Make a second factor mandatory for a company's users, or optional again",
        params: companyParams,
        body: updateCompanyMfaBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { permission: "update_companies", tenant: true, session: true } },
    },
    async (request) => {
      const { tenant } = requireAuth(request);
      const updated = await companiesRepo(ctx.db).setMfaMandatory(
        tenant,
        request.params.id,
        request.body.mandatory,
      );
      if (!updated) throw new AppError("NOT_FOUND", "No such company.", { source: "id" });
      return okMessage("Company updated successfully");
    },
  );
}
