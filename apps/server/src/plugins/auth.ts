import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasPermission, type PermissionRequirement } from "@netfleet/contracts/permissions";
import type { ApiScope } from "@netfleet/contracts/scopes";
import type { AppContext } from "../app-context";
import type { TenantScope } from "../db/tenancy";
import { accountsRepo, type AuthUserRow } from "../modules/accounts/accounts.repo";
import { personalAccessTokensRepo } from "../modules/accounts/personal-access-tokens.repo";
import { hashSecret } from "../modules/accounts/secrets";
import { type Actor, COOKIES, verifyAccessToken } from "../modules/accounts/sessions.service";
import { impersonationRepo } from "../modules/impersonation/impersonation.repo";
import { AppError } from "./errors";

/**
 * What a route requires of its caller. Every route under /api and /account declares one;
 * buildApp refuses to start when a route does not (see `assertAccessDeclared`).
 *
 * - `public`: anyone, signed in or not.
 * - `permission`: a signed-in user holding it (`null`: any signed-in user). Bearer
 *   tokens need `scope` as well; routes without a scope refuse bearer tokens unless
 *   `bearer: true` (reading one's own user record, say).
 * - `unverified`: also served to an account whose e-mail is not confirmed yet (the
 *   account calls the confirmation notice needs).
 * - `session`: browser sessions only, never a bearer token (managing the tokens).
 * - `notWhileImpersonating`: refused while an operator acts as another user (the
 *   account's own secrets and identity: tokens, e-mail, password, access grants).
 * - `mfaSetup`: also served while the user's company requires a second factor the user
 *   has not set up yet (what enrolling needs); every other route answers MFA_MANDATORY.
 */
export type RouteAccess =
  | { public: true }
  | {
      permission: PermissionRequirement;
      scope?: ApiScope;
      bearer?: boolean;
      unverified?: boolean;
      session?: boolean;
      notWhileImpersonating?: boolean;
      mfaSetup?: boolean;
    };

export interface Auth {
  /** The user the request acts as: the impersonated user while impersonating. */
  user: AuthUserRow;
  permissions: ReadonlySet<string>;
  tenant: TenantScope;
  via: "session" | "token";
  sessionId: string | null;
  /** Scopes of the bearer token; null for a browser session (all scopes). */
  tokenScopes: ReadonlySet<string> | null;
  /** Issued-at and expiry of the credential, in seconds since the epoch. */
  iat: number;
  exp: number;
  /** The operator acting as `user` during an impersonation; null otherwise. */
  actor: Actor | null;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** Bearer secrets of personal access tokens start with this, so leaks are easy to spot. */
export const PAT_PREFIX = "nf_pat_";

/** What a caller presents: an Authorization header and the browser session cookie's value. */
export interface Credentials {
  authorization?: string | undefined;
  sessionCookie?: string | undefined;
}

/**
 * Who is calling: a browser session cookie or a personal access token, or nobody. Takes
 * the credentials rather than a request so the realtime handshake authenticates the same way.
 */
export async function authenticate(
  ctx: AppContext,
  credentials: Credentials,
): Promise<Auth | null> {
  const header = credentials.authorization;
  if (header?.startsWith("Bearer ")) {
    const secret = header.slice("Bearer ".length).trim();
    const tokens = personalAccessTokensRepo(ctx.db);
    const token = secret.startsWith(PAT_PREFIX)
      ? await tokens.findUsable(hashSecret(secret))
      : undefined;
    if (!token)
      throw new AppError("UNAUTHORIZED", "The access token is invalid, expired or revoked.");
    const user = await accountsRepo(ctx.db).loadAuthUser(token.userId, null);
    if (!user)
      throw new AppError("UNAUTHORIZED", "The access token is invalid, expired or revoked.");
    await tokens.touch(token.id);
    return toAuth(user, {
      via: "token",
      sessionId: null,
      tokenScopes: new Set(token.scopes),
      iat: Math.floor(token.createdAt.getTime() / 1000),
      exp: token.expiresAt ? Math.floor(token.expiresAt.getTime() / 1000) : 0,
      actor: null,
    });
  }

  const cookie = credentials.sessionCookie;
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
    return toAuth(user, { ...session, actor: { id: claims.act.id, email: operatorEmail } });
  }
  const user = await accountsRepo(ctx.db).loadAuthUser(claims.userId, claims.sessionId);
  if (!user) return null;
  return toAuth(user, { ...session, actor: null });
}

function toAuth(user: AuthUserRow, rest: Omit<Auth, "user" | "permissions" | "tenant">): Auth {
  return {
    user,
    permissions: new Set(user.permissions),
    tenant: { companyPath: user.companyPath, global: user.globalScope },
    ...rest,
  };
}

/** Applies a route's declared access to the authenticated caller; throws the refusal. */
export function authorize(access: RouteAccess, auth: Auth | null): void {
  if ("public" in access) return;
  if (!auth) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  if (auth.user.disabled)
    throw new AppError("ACCOUNT_DISABLED", "This account is disabled. Ask your administrator.");
  if (auth.via === "token") {
    if (access.session) {
      throw new AppError(
        "FORBIDDEN",
        "This action needs a signed-in browser session, not an access token.",
      );
    }
    if (access.scope ? !auth.tokenScopes?.has(access.scope) : !access.bearer) {
      throw new AppError(
        "INSUFFICIENT_SCOPE",
        access.scope
          ? `The access token lacks the ${access.scope} scope.`
          : "This route is not available to access tokens.",
      );
    }
  }
  if (auth.actor && access.notWhileImpersonating) {
    throw new AppError(
      "FORBIDDEN",
      "This is not available while impersonating another user. Cancel the impersonation first.",
    );
  }
  if (!auth.user.emailVerified && !access.unverified) {
    throw new AppError("EMAIL_NOT_VERIFIED", "Confirm your e-mail address to continue.");
  }
  // An unconfirmed address comes first: e-mail codes could not reach it.
  if (auth.user.emailVerified && mustSetUpMfa(auth) && !access.mfaSetup) {
    throw new AppError(
      "MFA_MANDATORY",
      "Your company requires two-factor authentication. Set it up to continue.",
    );
  }
  if (!hasPermission(auth.permissions, access.permission)) {
    throw new AppError("FORBIDDEN", "You do not have permission to do this.");
  }
}

/**
 * Whether the caller must enrol a second factor before anything else. An operator
 * impersonating the user is not held to it: the operator signed in with their own factors.
 */
export function mustSetUpMfa(auth: Auth): boolean {
  return auth.user.mfaMandatory && auth.user.mfaType === null && auth.actor === null;
}

/** Narrows `request.auth` for handlers of routes that require a signed-in user. */
export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  return request.auth;
}

/**
 * Authenticates and authorises in onRequest, before the body is read: an anonymous or
 * unpermitted caller learns nothing about validation and cannot make the server parse a
 * large body.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("auth", null);
    const credentialsOf = (request: FastifyRequest): Credentials => ({
      authorization: request.headers.authorization,
      sessionCookie: request.cookies[COOKIES.access],
    });
    app.addHook("onRequest", async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) return;
      if ("public" in access) {
        // A stale cookie or a bad token must not lock anyone out of signing in.
        request.auth = await authenticate(app.ctx, credentialsOf(request)).catch(() => null);
        return;
      }
      request.auth = await authenticate(app.ctx, credentialsOf(request));
      authorize(access, request.auth);
    });
  },
  { name: "auth", dependencies: ["errors"] },
);

/** Paths whose routes must declare `config.access`. */
export function needsAccessDeclaration(url: string): boolean {
  if (url.startsWith("/api/docs")) return false;
  return url.startsWith("/api/") || url.startsWith("/account/");
}
