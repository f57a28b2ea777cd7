import type { FastifyReply, FastifyRequest } from "fastify";
import { SignJWT, jwtVerify } from "jose";
import { WIRE } from "@netfleet/contracts/constants";
import type { AppContext } from "../../app-context";
import { AppError } from "../../plugins/errors";
import { accountsRepo } from "./accounts.repo";
import { hashSecret, newSecret } from "./secrets";

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
 * A refresh token presented again within this window is a second tab racing the first,
 * not a thief: it gets a new access token but neither a new refresh token nor a revoked
 * session. Later reuse revokes the whole session.
 */
const REUSE_GRACE_MS = 10_000;

export interface AccessClaims {
  userId: number;
  sessionId: string;
  iat: number;
  exp: number;
}

export async function signAccessToken(ctx: AppContext, userId: number, sessionId: string) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.env.ACCESS_TOKEN_TTL;
  const token = await new SignJWT({ sid: sessionId })
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
    return { userId, sessionId: payload.sid, iat: payload.iat, exp: payload.exp };
  } catch {
    return null;
  }
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
    await repo.recordSuccessfulSignIn(userId);
    return id;
  });
  const access = await signAccessToken(ctx, userId, sessionId);
  setAccessCookie(ctx, request, reply, access.token);
  setRefreshCookies(ctx, request, reply, refresh, expiresAt);
  return { sessionId, exp: access.exp };
}

const sessionEnded = () => new AppError("UNAUTHORIZED", "Your session has ended. Sign in again.");

/** Rotates the refresh token in the cookie and issues a new access token. */
export async function rotateSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const presented = request.cookies[COOKIES.refresh];
  if (!presented) throw sessionEnded();
  const repo = accountsRepo(ctx.db);
  const token = await repo.findRefreshToken(hashSecret(presented));
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

  const refresh = newSecret();
  const claimed =
    token.usedAt === null &&
    (await ctx.db.transaction(async (tx) => {
      const txRepo = accountsRepo(tx);
      if (!(await txRepo.markRefreshTokenUsed(token.id))) return false;
      await txRepo.insertRefreshToken(token.sessionId, hashSecret(refresh), token.sessionExpiresAt);
      return true;
    }));
  if (!claimed) {
    const usedAt = token.usedAt?.getTime() ?? now;
    if (now - usedAt > REUSE_GRACE_MS) {
      await repo.revokeSession(token.sessionId, "refresh_token_reuse");
      request.log.warn(
        { sessionId: token.sessionId, userId: token.userId },
        "refresh token reused; session revoked",
      );
      clearSessionCookies(request, reply);
      throw sessionEnded();
    }
    const access = await signAccessToken(ctx, token.userId, token.sessionId);
    setAccessCookie(ctx, request, reply, access.token);
    return { exp: access.exp };
  }

  const access = await signAccessToken(ctx, token.userId, token.sessionId);
  setAccessCookie(ctx, request, reply, access.token);
  setRefreshCookies(ctx, request, reply, refresh, token.sessionExpiresAt);
  return { exp: access.exp };
}
