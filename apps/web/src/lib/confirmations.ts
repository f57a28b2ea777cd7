import type { ApiRequestError } from "./api-request-error";
import type { HttpResponse, ResolvedRequestConfig } from "./http-client";

/**
 * Where the HTTP client hands over answers that need the user before the call can go on
 * (forms §4 "Multi-factor flow", "Password confirmation (423)"). The client knows nothing
 * of dialogs: the console registers one handler of each kind at start, and without one
 * the answer simply reaches the caller as a failure.
 */

/**
 * Asks for the password after a 423. Resolves true once it was confirmed (the client then
 * retries the call once), false when the user cancelled (the call ends as cancelled).
 */
export type PasswordConfirmationHandler = (failure: ApiRequestError) => Promise<boolean>;

/** An `MFA_REQUIRED` answer, and the way to re-send its request with a code. */
export interface MfaChallenge {
  /** `meta.mfa_method`, else `meta.mfa_type`, else the method met last (FM-MFA-002/015). */
  method: string | undefined;
  /** `meta.session_uuid`, else `meta.session_id` (FM-MFA-003). */
  sessionUuid: string | undefined;
  error: ApiRequestError;
  /**
   * Re-sends the original request with `session_code`, `session_id` and `session_uuid`
   * added (FM-MFA-006). Another `MFA_REQUIRED` comes back as a rejection instead of a new
   * challenge, so the open dialog can show it.
   */
  resend: (code: string) => Promise<HttpResponse>;
}

/**
 * Settles the challenge: resolves with the re-sent request's response, which the original
 * caller receives, or rejects with what the caller should get instead (a cancelled
 * `ApiRequestError` shows nothing).
 */
export type MfaHandler = (challenge: MfaChallenge) => Promise<HttpResponse>;

let passwordHandler: PasswordConfirmationHandler | undefined;
let mfaHandler: MfaHandler | undefined;
let lastMethod: string | undefined;

/** Registers the 423 handler; returns a function that removes it again. */
export function setPasswordConfirmationHandler(fn: PasswordConfirmationHandler): () => void {
  passwordHandler = fn;
  return () => {
    if (passwordHandler === fn) passwordHandler = undefined;
  };
}

/** Registers the `MFA_REQUIRED` handler; returns a function that removes it again. */
export function setMfaHandler(fn: MfaHandler): () => void {
  mfaHandler = fn;
  return () => {
    if (mfaHandler === fn) mfaHandler = undefined;
  };
}

export function passwordConfirmationHandler(): PasswordConfirmationHandler | undefined {
  return passwordHandler;
}

export function currentMfaHandler(): MfaHandler | undefined {
  return mfaHandler;
}

/** The MFA method of the last challenge that named one (FM-MFA-015). */
export function lastMfaMethod(): string | undefined {
  return lastMethod;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * Reads method and session of an `MFA_REQUIRED` answer's meta, remembering the method for
 * later answers that leave it out.
 */
export function readMfaChallenge(meta: Readonly<Record<string, unknown>> | undefined): {
  method: string | undefined;
  sessionUuid: string | undefined;
} {
  const method = text(meta?.mfa_method) ?? text(meta?.mfa_type);
  if (method) lastMethod = method;
  return {
    method: method ?? lastMethod,
    sessionUuid: text(meta?.session_uuid) ?? text(meta?.session_id),
  };
}

/** Forgets the remembered method (sign-out, tests). */
export function resetMfaMemory(): void {
  lastMethod = undefined;
}

function jsonObject(data: unknown): Record<string, unknown> | undefined {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  const plain = typeof value === "object" && value !== null && !Array.isArray(value);
  return plain && !(value instanceof Blob) ? (value as Record<string, unknown>) : undefined;
}

/**
 * A copy of `config` carrying the MFA session (FM-MFA-006): in the JSON body, appended to
 * a multipart body, or in the query string when there is no body. The original config is
 * left untouched, so the fields never outlive the re-send (FM-MFA-007).
 */
export function withMfaSession(
  config: ResolvedRequestConfig,
  code: string,
  sessionUuid: string | undefined,
): ResolvedRequestConfig {
  const fields = { session_code: code, session_id: sessionUuid, session_uuid: sessionUuid };
  // The code took the user a while: a session expired meanwhile may be refreshed again.
  const next: ResolvedRequestConfig = { ...config, mfaResend: true, retriedAfterRefresh: false };
  const body = jsonObject(config.data);
  if (config.data instanceof FormData) {
    const copy = new FormData();
    for (const [key, value] of config.data.entries()) copy.append(key, value);
    for (const [key, value] of Object.entries(fields)) if (value) copy.append(key, value);
    next.data = copy;
  } else if (body) {
    next.data = { ...body, ...fields };
  } else {
    next.params = { ...config.params, ...fields };
  }
  return next;
}
