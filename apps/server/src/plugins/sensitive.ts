import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { MFA_SESSION_FIELDS, type MfaSessionFields } from "@netfleet/contracts/schemas/mfa";

/**
 * What a route asks again of a signed-in browser session before it runs (forms §4).
 *
 * - `password`: the password typed within PASSWORD_CONFIRMATION_SECONDS, else 423.
 * - `mfa`: for a user with a second factor, a code answering a challenge issued for this
 *   route, else 403 MFA_REQUIRED. Bearer tokens are not asked: scripts cannot answer, and
 *   routes that must stay closed to them declare `access.session`.
 *
 * An empty object only lifts the session fields out of the request; the handler decides
 * itself (sign-in, whose user is known only once the password is checked).
 */
export interface SensitiveOptions {
  mfa?: true;
  password?: true;
}

/**
 * The checks behind `sensitive`, provided by the MFA module: this plugin knows no module.
 * Each throws the refusal (423, MFA_REQUIRED, CONFIRMATION_FAILED) or returns.
 */
export interface SensitiveChecks {
  recentPassword(sessionId: string): Promise<void>;
  secondFactor(check: {
    userId: number;
    /** The route the code is for: a code answers the challenge of one route only. */
    purpose: string;
    fields: MfaSessionFields | null;
  }): Promise<void>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    sensitive?: SensitiveOptions;
  }
  interface FastifyRequest {
    /** `session_code`, `session_uuid`, `session_id` lifted out of the request; null without. */
    mfaFields: MfaSessionFields | null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON string, or a multipart field's string value. */
function fieldValue(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (isRecord(value) && typeof value.value === "string") return value.value;
  return undefined;
}

/**
 * Takes the session fields out of the body or the query string and removes them, so
 * that strict schemas of the route never see them. Values longer than the contract allows
 * are dropped (the request is then asked for a fresh code).
 */
export function liftSessionFields(request: FastifyRequest): MfaSessionFields | null {
  const found: MfaSessionFields = {};
  let any = false;
  for (const source of [request.body, request.query]) {
    if (!isRecord(source)) continue;
    for (const name of MFA_SESSION_FIELDS) {
      if (!(name in source)) continue;
      const value = fieldValue(source[name])?.trim();
      delete source[name];
      if (value && value.length <= 64 && found[name] === undefined) {
        found[name] = value;
        any = true;
      }
    }
  }
  return any ? found : null;
}

/** Lifts the session fields (preValidation), then asks for password and factor (preHandler). */
export const sensitivePlugin = fp(
  async (app: FastifyInstance, checks: SensitiveChecks) => {
    app.decorateRequest("mfaFields", null);
    // Only the routes that declare `sensitive` get these hooks: every other request skips them.
    app.addHook("onRoute", (route) => {
      const sensitive = route.config?.sensitive;
      if (!sensitive) return;
      const lift = async (request: FastifyRequest) => {
        request.mfaFields = liftSessionFields(request);
      };
      // After validation and authorisation: callers learn nothing new here.
      const check = async (request: FastifyRequest) => {
        const auth = request.auth;
        if (!auth || auth.via !== "session" || !auth.sessionId) return;
        // While impersonating, the operator's own password and factor answer.
        const userId = auth.operator?.id ?? auth.user.id;
        if (sensitive.password) await checks.recentPassword(auth.sessionId);
        if (sensitive.mfa) {
          await checks.secondFactor({
            userId,
            purpose: `${request.method} ${route.url}`,
            fields: request.mfaFields,
          });
        }
      };
      // First among the route's own hooks, as the plugin's hooks ran before them.
      route.preValidation = [lift, ...[route.preValidation ?? []].flat()];
      route.preHandler = [check, ...[route.preHandler ?? []].flat()];
    });
  },
  { name: "sensitive", dependencies: ["auth"] },
);
