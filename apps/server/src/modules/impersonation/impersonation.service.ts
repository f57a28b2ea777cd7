import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../app-context";
import type { Auth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { hashSecret, newSecret } from "../../lib/secrets";
import { issueAccessToken } from "../accounts/sessions.service";
import { impersonationAccessMail } from "./impersonation-mails";
import { usersRepo } from "../users/users.repo";
import { impersonationRepo } from "./impersonation.repo";

/** A grant link lives as long as an e-mail confirmation link. */
export const GRANT_LINK_LIFETIME_MS = 24 * 3_600_000;

/** The page the link opens; the console calls the confirm route from it. */
export function grantLink(ctx: Pick<AppContext, "publicUrl">, token: string): string {
  return `${ctx.publicUrl}/users/confirm-impersonation-access/${encodeURIComponent(token)}`;
}

/**
 * Records a grant until `until` and e-mails its confirmation link. Nothing changes until
 * the link is opened: a stolen session alone cannot open the account to impersonation.
 */
export async function requestGrant(
  ctx: AppContext,
  user: { id: number; email: string },
  until: Date,
) {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + GRANT_LINK_LIFETIME_MS);
  const deliver = await ctx.db.transaction(async (tx) => {
    await impersonationRepo(tx).createGrant({
      userId: user.id,
      until,
      tokenHash: hashSecret(token),
      expiresAt,
    });
    return ctx.mailer.enqueue(
      tx,
      impersonationAccessMail(user.email, grantLink(ctx, token), until),
    );
  });
  await deliver();
  return { expiresAt };
}

/** Applies a grant from its link; only the user who asked for it can. */
export async function confirmGrant(ctx: AppContext, userId: number, token: string): Promise<Date> {
  return ctx.db.transaction(async (tx) => {
    const repo = impersonationRepo(tx);
    const until = await repo.consumeGrant(userId, hashSecret(token));
    if (!until) {
      throw new AppError(
        "INVALID_TOKEN",
        "This confirmation link is invalid, already used, expired or meant for another account.",
        { source: "token" },
      );
    }
    if (until.getTime() <= Date.now()) {
      throw new AppError(
        "INVALID_TOKEN",
        "The date this link grants access until has already passed. Grant access again.",
        { source: "token" },
      );
    }
    await usersRepo(tx).setImpersonationAccessLimit(userId, until);
    return until;
  });
}

/** Withdraws access: the limit, links not opened yet, and any live impersonation. */
export async function revokeGrant(ctx: AppContext, userId: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const repo = impersonationRepo(tx);
    await usersRepo(tx).setImpersonationAccessLimit(userId, null);
    await repo.voidOpenGrants(userId);
    return repo.endOfTarget(userId, "revoked");
  });
}

/**
 * Starts impersonating `targetId` in the operator's browser session. The operator's role
 * decides whom they may reach (their company scope); the target's grant decides whether.
 */
export async function startImpersonation(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: Auth,
  targetId: number,
) {
  if (!auth.sessionId) throw new AppError("FORBIDDEN", "Impersonation needs a browser session.");
  const repo = impersonationRepo(ctx.db);
  const target = await repo.findTarget(auth.tenant, targetId);
  if (!target) throw new AppError("NOT_FOUND", "No such user.");
  if (target.id === auth.user.id) {
    throw new AppError("VALIDATION_FAILED", "You cannot impersonate yourself.");
  }
  if (!target.grantLive) {
    throw new AppError(
      "FORBIDDEN",
      target.limit
        ? `${target.email} allowed impersonation only until ${target.limit.toISOString()}; that time has passed.`
        : `${target.email} has not allowed anyone to impersonate them.`,
    );
  }
  if (target.disabled) throw new AppError("FORBIDDEN", `The account ${target.email} is disabled.`);
  if (!target.verified) {
    throw new AppError("FORBIDDEN", `${target.email} has not confirmed their e-mail address yet.`);
  }
  // Consent is not enough to hand the installation's keys to someone without them.
  if (target.superAdmin && !auth.permissions.has("super_admin")) {
    throw new AppError("FORBIDDEN", "Only a system administrator may impersonate one.");
  }
  const started = await repo.start({
    operatorId: auth.user.id,
    operatorEmail: auth.user.email,
    targetId: target.id,
    targetEmail: target.email,
    targetCompanyId: target.companyId,
    sessionId: auth.sessionId,
  });
  if (!started) {
    throw new AppError("CONFLICT", "This session is already impersonating a user.");
  }
  request.log.info(
    { operatorId: auth.user.id, targetId: target.id, sessionId: auth.sessionId },
    "impersonation started",
  );
  await issueAccessToken(ctx, request, reply, auth.sessionId, auth.user.id);
}

/** Ends the session's impersonation and gives the operator their own access token back. */
export async function cancelImpersonation(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: Auth,
) {
  if (!auth.operator || !auth.sessionId) {
    throw new AppError("CONFLICT", "You are not impersonating anyone.");
  }
  await impersonationRepo(ctx.db).endOfSession(auth.sessionId, "cancelled");
  request.log.info(
    { operatorId: auth.operator.id, targetId: auth.user.id, sessionId: auth.sessionId },
    "impersonation cancelled",
  );
  await issueAccessToken(ctx, request, reply, auth.sessionId, auth.operator.id);
}
