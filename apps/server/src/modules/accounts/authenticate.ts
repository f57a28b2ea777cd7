import type { AppContext } from "../../app-context";
import { type ActingUser, type JobActor, userActor } from "../../lib/actor";
import { hashSecret } from "../../lib/secrets";
import type { Auth, Authenticator, Credentials, Operator } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { impersonationRepo } from "../impersonation/impersonation.repo";
import { accountsRepo } from "./accounts.repo";
import { personalAccessTokensRepo } from "./personal-access-tokens.repo";
import { COOKIES, verifyAccessToken } from "./sessions.service";

/** Bearer secrets of personal access tokens start with this, so leaks are easy to spot. */
export const PAT_PREFIX = "nf_pat_";

/**
 * How long an answer about a credential is reused. A console page asks several things at
 * once and a script asks many in a row; each would otherwise pay the signature check and a
 * database round trip. A write on this server forgets every answer at once (see `forget`);
 * one on another server (revoking a session, disabling a user) takes effect within this.
 */
export const AUTH_CACHE_MS = 1000;

/** Answers kept at most: a flood of distinct credentials cannot grow memory. */
const AUTH_CACHE_SIZE = 10_000;

export interface CachingAuthenticator extends Authenticator {
  /** Forgets every kept answer: called once a request that may have written completes. */
  forget(): void;
}

/**
 * Who is calling: a browser session cookie or a personal access token, or nobody. The auth
 * plugin and the realtime handshake both call it, so a socket is admitted exactly as a
 * request is. Answers are kept for AUTH_CACHE_MS.
 */
export function accountsAuthenticator(ctx: AppContext): CachingAuthenticator {
  const lookUp = uncachedAuthenticator(ctx);
  const kept = new Map<string, { auth: Auth | null; until: number }>();
  // Bumped by every forget: a lookup that began before a write does not keep its answer.
  let generation = 0;
  const authenticate = async (credentials: Credentials) => {
    const key = cacheKey(credentials);
    if (key === undefined) return lookUp(credentials);
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && hit.until > now) return hit.auth;
    const began = generation;
    // A refused bearer token throws, and is not kept: the refusal is asked again.
    const auth = await lookUp(credentials);
    // An impersonation ends the moment its grant passes: asked every time, as is rare.
    if (began === generation && !auth?.operator) {
      if (kept.size >= AUTH_CACHE_SIZE) kept.clear();
      // Never beyond the credential's own expiry.
      const until = Math.min(now + AUTH_CACHE_MS, auth?.exp ? auth.exp * 1000 : Infinity);
      kept.set(key, { auth, until });
    }
    return auth;
  };
  return Object.assign(authenticate, {
    forget() {
      generation++;
      kept.clear();
    },
  });
}

/** What identifies a credential in the cache; undefined when nothing is presented. */
function cacheKey(credentials: Credentials): string | undefined {
  const header = credentials.authorization;
  if (header?.startsWith("Bearer ")) return `t:${hashSecret(header.slice(7).trim())}`;
  const cookie = credentials.cookies[COOKIES.access];
  return cookie ? `c:${cookie}` : undefined;
}

function uncachedAuthenticator(ctx: AppContext): Authenticator {
  return async (credentials) => {
    const header = credentials.authorization;
    if (header?.startsWith("Bearer ")) {
      const secret = header.slice("Bearer ".length).trim();
      const token = secret.startsWith(PAT_PREFIX)
        ? await personalAccessTokensRepo(ctx.db).loadTokenUser(hashSecret(secret))
        : undefined;
      if (!token)
        throw new AppError("UNAUTHORIZED", "The access token is invalid, expired or revoked.");
      return toAuth(token.user, {
        via: "token",
        sessionId: null,
        tokenScopes: new Set(token.scopes),
        iat: Math.floor(token.createdAt.getTime() / 1000),
        exp: token.expiresAt ? Math.floor(token.expiresAt.getTime() / 1000) : 0,
        operator: null,
      });
    }

    const cookie = credentials.cookies[COOKIES.access];
    if (!cookie) return null;
    const claims = await verifyAccessToken(ctx, cookie);
    if (!claims) return null;
    const session = {
      via: "session" as const,
      sessionId: claims.sessionId,
      tokenScopes: null,
      iat: claims.iat,
      exp: claims.exp,
    };
    if (claims.act) {
      // An impersonating token is good only while the impersonation is: once it ended or
      // its grant passed, the caller looks signed out and the console's refresh brings the
      // operator back to their own session.
      const operatorEmail = await impersonationRepo(ctx.db).findLive({
        sessionId: claims.sessionId,
        operatorId: claims.act.id,
        targetId: claims.userId,
      });
      if (operatorEmail === undefined) return null;
      const user = await accountsRepo(ctx.db).loadAuthUser(claims.userId, null);
      if (!user) return null;
      return toAuth(user, { ...session, operator: { id: claims.act.id, email: operatorEmail } });
    }
    const user = await accountsRepo(ctx.db).loadAuthUser(claims.userId, claims.sessionId);
    if (!user) return null;
    return toAuth(user, { ...session, operator: null });
  };
}

function toAuth(
  user: ActingUser,
  rest: Pick<Auth, "via" | "sessionId" | "tokenScopes" | "iat" | "exp"> & {
    operator: Operator | null;
  },
): Auth {
  return { ...userActor(user, rest.via), kind: "user", user, ...rest };
}

/**
 * The actor of work done later for a user (a background job): the user's role and company
 * as they are now, not as they were when the work was queued. Undefined once the user is
 * gone or disabled, so queued work stops with its owner's access.
 */
export async function actorForJob(
  ctx: Pick<AppContext, "db">,
  userId: number,
): Promise<JobActor | undefined> {
  const user = await accountsRepo(ctx.db).loadAuthUser(userId, null);
  if (!user || user.disabled) return undefined;
  return { ...userActor(user, "job"), kind: "user", via: "job", user };
}
