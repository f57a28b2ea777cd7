import type { FastifyReply, FastifyRequest } from "fastify";
import { SignJWT, jwtVerify } from "jose";
import { WIRE } from "@netfleet/contracts/constants";
import type { AppContext } from "../../app-context";
import type { Operator } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { impersonationRepo } from "../impersonation/impersonation.repo";
import { usersRepo } from "../users/users.repo";
import { accountsRepo } from "./accounts.repo";
import { hashSecret, newSecret, openWith, sealWith } from "../../lib/secrets";

/**
 * Browser sessions: a short-lived signed access token and a rotating refresh token, both
 * in httpOnly cookies. `nf_signed_in` is readable by the console so it knows a refresh
 * is worth trying; it carries no secret.
 */
export const COOKIES = {
  access: "nf_session",
  refresh: "nf_refresh",
  signedIn: WIRE.signedInCookie,
} as const;

/** The refresh cookie only travels to the two calls that use it. */
const REFRESH_PATH = "/account/token";

/**
 * A refresh token presented again within this window by the browser that rotated it is a
 * second tab racing the first, not a thief: it gets the very tokens that rotation issued,
 * never new ones. Any other reuse revokes the whole session.
 */
const REUSE_GRACE_MS = 10_000;

export interface AccessClaims {
  /** The user the token acts as: the impersonated user while impersonating. */
  userId: number;
  sessionId: string;
  iat: number;
  exp: number;
  /** The operator behind an impersonation; null for a user's own session. */
  act: Operator | null;
}

export async function signAccessToken(
  ctx: AppContext,
  userId: number,
  sessionId: string,
  act: Operator | null = null,
) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.env.ACCESS_TOKEN_TTL;
  const claims = act
    ? { sid: sessionId, act: { sub: String(act.id), email: act.email } }
    : { sid: sessionId };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(ctx.accessTokenKey);
  return { token, iat, exp };
}

export async function verifyAccessToken(
  ctx: AppContext,
  token: string,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, ctx.accessTokenKey, { algorithms: ["HS256"] });
    const userId = Number(payload.sub);
    if (
      !Number.isInteger(userId) ||
      typeof payload.sid !== "string" ||
      !payload.iat ||
      !payload.exp
    ) {
      return null;
    }
    let act: Operator | null = null;
    if (payload.act !== undefined) {
      act = readActor(payload.act);
      if (!act) return null;
    }
    return { userId, sessionId: payload.sid, iat: payload.iat, exp: payload.exp, act };
  } catch {
    return null;
  }
}

function readActor(value: unknown): Operator | null {
  if (typeof value !== "object" || value === null) return null;
  const { sub, email } = value as { sub?: unknown; email?: unknown };
  const id = Number(sub);
  if (typeof sub !== "string" || !Number.isInteger(id) || typeof email !== "string") return null;
  return { id, email };
}

function cookieBase(request: FastifyRequest) {
  return { sameSite: "lax" as const, secure: request.protocol === "https", path: "/" };
}

function setAccessCookie(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  void reply.setCookie(COOKIES.access, token, {
    ...cookieBase(request),
    httpOnly: true,
    maxAge: ctx.env.ACCESS_TOKEN_TTL,
  });
}

function setRefreshCookies(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  refresh: string,
  expiresAt: Date,
) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  void reply.setCookie(COOKIES.refresh, refresh, {
    ...cookieBase(request),
    httpOnly: true,
    path: REFRESH_PATH,
    maxAge,
  });
  void reply.setCookie(COOKIES.signedIn, "1", { ...cookieBase(request), httpOnly: false, maxAge });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
  const base = cookieBase(request);
  void reply.clearCookie(COOKIES.access, base);
  void reply.clearCookie(COOKIES.refresh, { ...base, path: REFRESH_PATH });
  void reply.clearCookie(COOKIES.signedIn, base);
}

/** Signs the user in: a new session with its first refresh token, and the cookies. */
export async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  const expiresAt = new Date(Date.now() + ctx.env.REFRESH_TOKEN_TTL * 1000);
  const refresh = newSecret();
  const sessionId = await ctx.db.transaction(async (tx) => {
    const repo = accountsRepo(tx);
    const id = await repo.createSession({
      userId,
      expiresAt,
      userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
      ip: request.ip,
    });
    await repo.insertRefreshToken(id, hashSecret(refresh), expiresAt);
    await usersRepo(tx).recordSignIn(userId);
    return id;
  });
  const access = await signAccessToken(ctx, userId, sessionId);
  setAccessCookie(ctx, request, reply, access.token);
  setRefreshCookies(ctx, request, reply, refresh, expiresAt);
  return { sessionId, exp: access.exp };
}

const sessionEnded = () => new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");

/** What a rotation issued, sealed with the refresh token it replaced. */
interface Rotation {
  refresh: string;
  access: string;
  exp: number;
}

/** The browser presenting a token: its user agent and address, hashed. */
function clientOf(request: FastifyRequest): string {
  return hashSecret(`${request.headers["user-agent"] ?? ""}|${request.ip}`);
}

/** Rotates the refresh token in the cookie and issues a new access token. */
export async function rotateSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const presented = request.cookies[COOKIES.refresh];
  if (!presented) throw sessionEnded();
  const repo = accountsRepo(ctx.db);
  const hash = hashSecret(presented);
  let token = await repo.findRefreshToken(hash);
  const now = Date.now();
  if (
    !token ||
    token.sessionRevokedAt ||
    token.sessionExpiresAt.getTime() <= now ||
    token.expiresAt.getTime() <= now
  ) {
    clearSessionCookies(request, reply);
    throw sessionEnded();
  }

  const client = clientOf(request);
  if (token.usedAt === null) {
    const { sessionId, sessionExpiresAt, id } = token;
    const subject = await subjectOf(ctx, request, sessionId, token.userId);
    const access = await signAccessToken(ctx, subject.userId, sessionId, subject.act);
    const rotation: Rotation = { refresh: newSecret(), access: access.token, exp: access.exp };
    const sealed = sealWith(presented, JSON.stringify(rotation));
    const claimed = await ctx.db.transaction(async (tx) => {
      const txRepo = accountsRepo(tx);
      if (!(await txRepo.markRefreshTokenUsed(id, client, sealed))) return false;
      await txRepo.insertRefreshToken(sessionId, hashSecret(rotation.refresh), sessionExpiresAt);
      return true;
    });
    if (claimed) return answerRotation(ctx, request, reply, rotation, sessionExpiresAt);
    // Another request rotated it a moment ago: judged below like any reuse.
    token = (await repo.findRefreshToken(hash)) ?? token;
  }

  const usedAt = token.usedAt?.getTime() ?? now;
  const sealed =
    now - usedAt <= REUSE_GRACE_MS && token.rotatedBy === client && token.successor
      ? openWith(presented, token.successor)
      : null;
  if (sealed === null) {
    await repo.revokeSession(token.sessionId, "refresh_token_reuse");
    request.log.warn(
      { sessionId: token.sessionId, userId: token.userId },
      "refresh token reused; session revoked",
    );
    clearSessionCookies(request, reply);
    throw sessionEnded();
  }
  return answerRotation(
    ctx,
    request,
    reply,
    JSON.parse(sealed) as Rotation,
    token.sessionExpiresAt,
  );
}

function answerRotation(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  rotation: Rotation,
  sessionExpiresAt: Date,
) {
  setAccessCookie(ctx, request, reply, rotation.access);
  setRefreshCookies(ctx, request, reply, rotation.refresh, sessionExpiresAt);
  return { exp: rotation.exp };
}

/**
 * Whom the session's next access token is for. While an impersonation is live and its
 * grant still holds, the impersonated user with the operator as `act`; otherwise the
 * session's own user. A live impersonation whose grant has passed or was withdrawn ends
 * here, so a refresh silently returns the operator to their own session (decision D18).
 */
async function subjectOf(
  ctx: AppContext,
  request: FastifyRequest,
  sessionId: string,
  ownerId: number,
): Promise<{ userId: number; act: Operator | null }> {
  const repo = impersonationRepo(ctx.db);
  const live = await repo.liveOfSession(sessionId);
  if (!live) return { userId: ownerId, act: null };
  if (live.usable && live.targetId !== null) {
    return { userId: live.targetId, act: { id: ownerId, email: live.operatorEmail } };
  }
  const reason = live.grantPassed ? "expired" : "revoked";
  await repo.end(live.id, reason);
  request.log.info({ sessionId, impersonationId: live.id, reason }, "impersonation ended");
  return { userId: ownerId, act: null };
}

/**
 * Signs and sets a new access token for the session (see `subjectOf`); the refresh
 * token is untouched. Used after a refresh and whenever an impersonation starts or ends.
 */
export async function issueAccessToken(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  ownerId: number,
) {
  const subject = await subjectOf(ctx, request, sessionId, ownerId);
  const access = await signAccessToken(ctx, subject.userId, sessionId, subject.act);
  setAccessCookie(ctx, request, reply, access.token);
  return { exp: access.exp };
}
