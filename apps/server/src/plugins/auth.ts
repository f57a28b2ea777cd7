import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasPermission, type PermissionRequirement } from "@netfleet/contracts/permissions";
import type { ApiScope } from "@netfleet/contracts/scopes";
import type { ActingUser, Actor } from "../lib/actor";
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
      /**
       * The route reads or writes objects of a company subtree (devices, users, tags…): an
       * id outside the caller's subtree answers 404 as if it did not exist. The isolation
       * walk (plugins/route-isolation.api.test.ts) calls every such route with ids from a
       * sibling and a parent company.
       */
      tenant: boolean;
      scope?: ApiScope;
      bearer?: boolean;
      unverified?: boolean;
      session?: boolean;
      notWhileImpersonating?: boolean;
      mfaSetup?: boolean;
    };

/** The operator really acting while a browser session impersonates another user. */
export interface Operator {
  id: number;
  email: string;
}

/** The actor of an HTTP request or a socket: a user through a browser session or a token. */
export interface Auth extends Actor {
  kind: "user";
  via: "session" | "token";
  /** The user the request acts as: the impersonated user while impersonating. */
  user: ActingUser;
  sessionId: string | null;
  /** Scopes of the bearer token; null for a browser session (all scopes). */
  tokenScopes: ReadonlySet<string> | null;
  /** Issued-at and expiry of the credential, in seconds since the epoch. */
  iat: number;
  exp: number;
  /** The operator acting as `user` during an impersonation; null otherwise. */
  operator: Operator | null;
}

/** What a caller presents: an Authorization header and the cookies of the request. */
export interface Credentials {
  authorization?: string | undefined;
  cookies: Readonly<Record<string, string | undefined>>;
}

/**
 * Tells who presents the credentials, or null for nobody; throws the refusal of a bad
 * bearer token. The accounts module provides it: this plugin knows no module.
 */
export type Authenticator = (credentials: Credentials) => Promise<Auth | null>;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyInstance {
    /** The request's and the socket handshake's one way to authenticate. */
    authenticate: Authenticator;
  }
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
  if (auth.operator && access.notWhileImpersonating) {
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
  return auth.user.mfaMandatory && auth.user.mfaType === null && auth.operator === null;
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
  async (app: FastifyInstance, opts: { authenticate: Authenticator }) => {
    app.decorate("authenticate", opts.authenticate);
    app.decorateRequest("auth", null);
    const credentialsOf = (request: FastifyRequest): Credentials => ({
      authorization: request.headers.authorization,
      cookies: request.cookies,
    });
    const admit = async (request: FastifyRequest, access: RouteAccess) => {
      if ("public" in access) {
        // A stale cookie or a bad token must not lock anyone out of signing in.
        request.auth = await app.authenticate(credentialsOf(request)).catch(() => null);
        return;
      }
      request.auth = await app.authenticate(credentialsOf(request));
      authorize(access, request.auth);
    };
    // Not an async hook: routes without access (health, metrics, files) pay nothing for it.
    app.addHook("onRequest", (request, _reply, done) => {
      const access = request.routeOptions.config.access;
      if (!access) return done();
      admit(request, access).then(() => done(), done);
    });
  },
  { name: "auth", dependencies: ["errors"] },
);

/** Paths whose routes must declare `config.access`. */
export function needsAccessDeclaration(url: string): boolean {
  if (url.startsWith("/api/docs")) return false;
  return url.startsWith("/api/") || url.startsWith("/account/");
}
