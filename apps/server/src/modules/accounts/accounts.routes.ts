import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEFAULT_LANDING_PAGE } from "@netfleet/contracts/constants";
import { dataEnvelope, listEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import {
  createTokenBodySchema,
  createdTokenSchema,
  forgotPasswordBodySchema,
  invitationPreviewSchema,
  personalAccessTokenSchema,
  refreshResultSchema,
  registerBodySchema,
  requestSignInLinkBodySchema,
  resetPasswordBodySchema,
  revokeBodySchema,
  revokeResultSchema,
  signInBodySchema,
  signInLinkBodySchema,
  signInResultSchema,
  updateAccountUserBodySchema,
  verifyEmailBodySchema,
} from "@netfleet/contracts/schemas/account";
import { idParamSchema, textSchema } from "@netfleet/contracts/schemas/common";
import { ok, okList, okMessage } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { PAT_PREFIX } from "./authenticate";
import { AppError } from "../../plugins/errors";
import { requireSecondFactor } from "../mfa/second-factor";
import { usersRepo } from "../users/users.repo";
import { accountsRepo } from "./accounts.repo";
import {
  changeEmail,
  checkCredentials,
  mustEnrolMfa,
  previewInvitation,
  registerByInvitation,
  resetPassword,
  sendEmailVerification,
  sendPasswordReset,
  sendSignInLink,
  signInLinkUser,
  useSignInLink,
  verifyEmail,
} from "./accounts.service";
import { presentToken } from "./accounts.presenter";
import { personalAccessTokensRepo } from "./personal-access-tokens.repo";
import { hashSecret, newSecret } from "../../lib/secrets";
import {
  COOKIES,
  clearSessionCookies,
  rotateSession,
  startSession,
  verifyAccessToken,
} from "./sessions.service";

const SIGN_IN_PAGE = "/account/sign-in";
/** The purpose of second-factor challenges issued at sign-in. */
const SIGN_IN_PURPOSE = "POST /account/sign-in";

/**
 * A continue_url is followed only when its host equals the host the request came to;
 * anything else (another host, a scheme trick, garbage) falls back to the landing page.
 * The answer is a path starting with a single "/", so no browser reads it as another host.
 */
export function sameHostLocation(
  candidate: string | undefined,
  request: FastifyRequest,
  fallback: string,
): string {
  if (!candidate) return fallback;
  try {
    // Parsing both through URL normalises default ports ("host:80" equals "host").
    const here = new URL(`${request.protocol}://${request.host}`);
    const url = new URL(candidate, here);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || url.host !== here.host)
      return fallback;
    const location = `${url.pathname}${url.search}${url.hash}`;
    // "//host/x" or "/\\host/x" would be read by a browser as another host.
    return /^\/[^/\\]/.test(location) || location === "/" ? location : fallback;
  } catch {
    return fallback;
  }
}

const tokenIdParams = z.object({ id: idParamSchema });
const invitationParams = z.object({ token: textSchema({ max: 200 }).min(1) });

export async function accountsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ["account"];
  const signInLimit = { max: ctx.env.SIGNIN_RATE_LIMIT_IP, timeWindow: 60_000 };

  /**
   * Runs work after the answer, for requests whose answer must not wait on whether an
   * account exists (its timing would tell). The server waits for it before closing.
   */
  const pending = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled(pending);
  });
  function later(what: string, work: () => Promise<void>) {
    const run = work()
      .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
      .finally(() => pending.delete(run));
    pending.add(run);
  }

  app.post(
    "/account/sign-in",
    {
      schema: {
        tags,
        summary: "Sign in with e-mail and password",
        body: signInBodySchema,
        response: { 200: dataEnvelope(signInResultSchema) },
      },
      // `sensitive: {}` lifts the second-factor fields; the user is known only below.
      config: { access: { public: true }, rateLimit: signInLimit, sensitive: {} },
    },
    async (request, reply) => {
      const { email, password, continue_url } = request.body;
      const { userId, attempt } = await checkCredentials(ctx, email, password, request.ip);
      try {
        await requireSecondFactor(ctx, {
          userId,
          purpose: SIGN_IN_PURPOSE,
          fields: request.mfaFields,
        });
      } catch (err) {
        // A wrong code stays counted against the account like a wrong password.
        if (err instanceof AppError && err.code === "MFA_REQUIRED") await attempt.notCounted();
        throw err;
      }
      await attempt.succeeded();
      return finishSignIn(request, reply, userId, continue_url);
    },
  );

  /** Starts the session and answers where to go, after any check of who the user is. */
  async function finishSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    continueUrl: string | undefined,
  ) {
    await startSession(ctx, request, reply, userId);
    const location = sameHostLocation(continueUrl, request, DEFAULT_LANDING_PAGE);
    if (await mustEnrolMfa(ctx, userId)) {
      // Signed in all the same: the console's start-up shows how to set a factor up.
      throw new AppError(
        "MFA_MANDATORY",
        "Your company requires two-factor authentication. Set it up to continue.",
        { meta: { location } },
      );
    }
    return ok({ location });
  }

  app.post(
    "/account/sign-in/link/request",
    {
      schema: {
        tags,
        summary: "E-mail a single-use sign-in link (the way past the sign-in throttle)",
        body: requestSignInLinkBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { public: true }, rateLimit: { max: 5, timeWindow: 60_000 } },
    },
    async (request) => {
      const { email, continue_url } = request.body;
      const path = continue_url ? sameHostLocation(continue_url, request, "") : "";
      later("sign-in link", () => sendSignInLink(ctx, email, path || null));
      return okMessage("If an account exists for that e-mail, we have sent it a link to sign in.");
    },
  );

  app.post(
    "/account/sign-in/link",
    {
      schema: {
        tags,
        summary: "Sign in with the token of an e-mailed sign-in link",
        body: signInLinkBodySchema,
        response: { 200: dataEnvelope(signInResultSchema) },
      },
      config: { access: { public: true }, rateLimit: signInLimit, sensitive: {} },
    },
    async (request, reply) => {
      const { token, continue_url } = request.body;
      const userId = await signInLinkUser(ctx, token);
      await requireSecondFactor(ctx, {
        userId,
        purpose: SIGN_IN_PURPOSE,
        fields: request.mfaFields,
      });
      await useSignInLink(ctx, token);
      return finishSignIn(request, reply, userId, continue_url);
    },
  );

  app.post(
    "/account/token/refresh",
    {
      schema: {
        tags,
        summary: "Rotate the refresh token and renew the access token",
        response: { 200: dataEnvelope(refreshResultSchema) },
      },
      config: { access: { public: true } },
    },
    async (request, reply) => ok(await rotateSession(ctx, request, reply)),
  );

  app.post(
    "/account/token/revoke",
    {
      schema: {
        tags,
        summary: "Sign out: end the session (and any impersonation) and clear its cookies",
        body: revokeBodySchema,
        response: { 200: dataEnvelope(revokeResultSchema) },
      },
      config: { access: { public: true } },
    },
    async (request, reply) => {
      const repo = accountsRepo(ctx.db);
      const refresh = request.cookies[COOKIES.refresh];
      const token = refresh ? await repo.findRefreshToken(hashSecret(refresh)) : undefined;
      const access = request.cookies[COOKIES.access];
      const sessionId =
        token?.sessionId ??
        (access ? (await verifyAccessToken(ctx, access))?.sessionId : undefined);
      if (sessionId) await repo.revokeSession(sessionId, "sign_out");
      clearSessionCookies(request, reply);
      // client_id is accepted for compatibility with OAuth-style clients; there is one client.
      return ok({ location: sameHostLocation(request.body?.redirect_uri, request, SIGN_IN_PAGE) });
    },
  );

  app.post(
    "/account/user/activation/resend",
    {
      schema: {
        tags,
        summary: "Send the e-mail confirmation link again",
        response: { 200: messageEnvelopeSchema },
      },
      config: {
        access: { permission: null, tenant: false, unverified: true, session: true },
        rateLimit: { max: 5, timeWindow: 60_000 },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.user.emailVerified) return okMessage("Your e-mail address is already confirmed.");
      await sendEmailVerification(ctx, auth.user);
      return okMessage("Email confirmation sent successfully");
    },
  );

  app.put(
    "/account/user",
    {
      schema: {
        tags,
        summary: "Update the signed-in account: terms acceptance, or a first real e-mail address",
        body: updateAccountUserBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { permission: null, tenant: false, unverified: true, session: true } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { email, tos_accepted } = request.body;
      if (email !== undefined) {
        if (auth.operator) {
          throw new AppError(
            "FORBIDDEN",
            "The e-mail address cannot be changed while impersonating another user.",
            { source: "email" },
          );
        }
        await changeEmail(ctx, auth.user.id, email);
      }
      if (tos_accepted !== undefined) {
        await usersRepo(ctx.db).setTosAccepted(auth.user.id, tos_accepted);
      }
      return okMessage(
        email === undefined
          ? "Account updated successfully"
          : `Check your inbox: we sent a confirmation link to ${email}.`,
      );
    },
  );

  app.post(
    "/account/email/verify",
    {
      schema: {
        tags,
        summary: "Confirm an e-mail address with the link's token",
        body: verifyEmailBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { public: true } },
    },
    async (request) => {
      await verifyEmail(ctx, request.body.token);
      return okMessage("Your e-mail address is confirmed.");
    },
  );

  app.get(
    "/account/invitations/:token",
    {
      schema: {
        tags,
        summary: "What an invitation link is for",
        params: invitationParams,
        response: { 200: dataEnvelope(invitationPreviewSchema) },
      },
      config: { access: { public: true } },
    },
    async (request) => {
      const inv = await previewInvitation(ctx, request.params.token);
      return ok({
        email: inv.email,
        company_name: inv.companyName,
        role_title: inv.roleTitle,
        expires_at: inv.expiresAt.toISOString(),
      });
    },
  );

  app.post(
    "/account/register",
    {
      schema: {
        tags,
        summary: "Create an account from an invitation",
        body: registerBodySchema,
        response: { 200: dataEnvelope(signInResultSchema) },
      },
      config: { access: { public: true }, rateLimit: signInLimit },
    },
    async (request, reply) => {
      const userId = await registerByInvitation(ctx, request.body);
      await startSession(ctx, request, reply, userId);
      return ok({ location: DEFAULT_LANDING_PAGE }, "Account created successfully");
    },
  );

  app.post(
    "/account/password/forgot",
    {
      schema: {
        tags,
        summary: "E-mail a password reset link",
        body: forgotPasswordBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { public: true }, rateLimit: { max: 5, timeWindow: 60_000 } },
    },
    async (request) => {
      later("password reset", () => sendPasswordReset(ctx, request.body.email));
      return okMessage(
        "If an account exists for that e-mail, we have sent it a link to reset the password.",
      );
    },
  );

  app.post(
    "/account/password/reset",
    {
      schema: {
        tags,
        summary: "Set a new password with a reset link's token",
        body: resetPasswordBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { public: true }, rateLimit: signInLimit },
    },
    async (request) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return okMessage("Your password has been changed. Sign in with the new password.");
    },
  );

  app.get(
    "/account/tokens",
    {
      schema: {
        tags,
        summary: "List your personal access tokens",
        response: { 200: listEnvelope(personalAccessTokenSchema) },
      },
      config: {
        access: { permission: null, tenant: false, session: true, notWhileImpersonating: true },
      },
    },
    async (request) => {
      const rows = await personalAccessTokensRepo(ctx.db).listActive(requireAuth(request).user.id);
      return okList(rows.map(presentToken), rows.length);
    },
  );

  app.post(
    "/account/tokens",
    {
      schema: {
        tags,
        summary: "Create a personal access token (its secret is shown once)",
        body: createTokenBodySchema,
        response: { 201: dataEnvelope(createdTokenSchema) },
      },
      config: {
        access: { permission: null, tenant: false, session: true, notWhileImpersonating: true },
        sensitive: { mfa: true },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const secret = `${PAT_PREFIX}${newSecret()}`;
      const days = request.body.expires_in_days;
      const row = await personalAccessTokensRepo(ctx.db).create({
        userId: auth.user.id,
        name: request.body.name,
        scopes: [...new Set(request.body.scopes)],
        tokenHash: hashSecret(secret),
        prefix: secret.slice(0, PAT_PREFIX.length + 5),
        expiresAt: days ? new Date(Date.now() + days * 86_400_000) : null,
      });
      return reply
        .status(201)
        .send(ok({ ...presentToken(row), token: secret }, "Token created successfully"));
    },
  );

  app.delete(
    "/account/tokens/:id",
    {
      schema: {
        tags,
        summary: "Revoke a personal access token",
        params: tokenIdParams,
        response: { 200: messageEnvelopeSchema },
      },
      config: {
        access: { permission: null, tenant: false, session: true, notWhileImpersonating: true },
      },
    },
    async (request) => {
      const revoked = await personalAccessTokensRepo(ctx.db).revoke(
        requireAuth(request).user.id,
        request.params.id,
      );
      if (!revoked) throw new AppError("NOT_FOUND", "No such token.");
      return okMessage("Token deleted successfully");
    },
  );
}
