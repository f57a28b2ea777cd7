import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { APP_VERSION, TIMEOUTS, WIRE } from "@netfleet/contracts/constants";
import { START_UP_ERROR_CODES } from "@netfleet/contracts/errors";
import { SESSIONLESS_PAGES, signInUrl } from "./account-paths";
import { ApiRequestError, toApiRequestError } from "./api-request-error";
import { browserLocation } from "./browser-location";
import {
  currentMfaHandler,
  passwordConfirmationHandler,
  readMfaChallenge,
  withMfaSession,
} from "./confirmations";
import type { HttpCacheName } from "./http-cache";
import { recordRevokeResult, recordUserRequestResult } from "./maintenance-counter";
import {
  type Tracked,
  finishTracked,
  sessionGeneration,
  startSessionGeneration,
  trackRequest,
  trackedOf,
} from "./request-tracking";
import {
  closeSockets,
  emitSessionEvent,
  isImpersonating,
  markRefreshEnded,
  markRefreshStarted,
} from "./session-events";

export {
  ApiRequestError,
  isCancelledRequest,
  isRouteChangeCancel,
  sessionStartFailure,
  toApiRequestError,
  toUserRequestError,
  type SessionStartFailure,
} from "./api-request-error";
export { clearHttpCache } from "./http-cache";
export { ROUTE_CHANGED, cancelPendingRequests } from "./request-tracking";
export { getSessionState, isAuthenticated, setSessionState } from "./session-events";

/**
 * The one HTTP client of the console (shell §7): every call to the server goes through
 * `http`, which sends the session cookies, the XHR marker, the app version and the XSRF
 * token, serialises query parameters the way the API reads them, lets the newest of two
 * GETs to one URL answer both (D1), cancels a page's calls when the route changes,
 * refreshes an expired session once (D17) and turns every failure into an `ApiRequestError`.
 */

declare module "axios" {
  interface AxiosRequestConfig {
    /** Set on the single retry after a session refresh, so a second 401 is final. */
    retriedAfterRefresh?: boolean;
    /** Set on the single retry after the server issued a fresh XSRF cookie. */
    retriedForXsrf?: boolean;
    /** This GET neither cancels an earlier GET to its URL nor is cancelled by a later one (D1). */
    skipDedupe?: boolean;
    /** Survives `cancelPendingRequests`: calls every page needs (current user, session calls). */
    keepOnRouteChange?: boolean;
    /** Answers this GET from the HTTP cache while a fresh copy is there (shell §9). */
    cache?: HttpCacheName;
    /** The client's own bookkeeping; callers never set it. */
    trackingId?: number;
    /** Set on the single retry after the password was confirmed (423). */
    retriedAfterConfirmation?: boolean;
    /** Set on a re-send carrying an MFA code: its `MFA_REQUIRED` goes back to the open dialog. */
    mfaResend?: boolean;
  }
}

/** Readable cookie the server keeps while a session exists (the session cookies are httpOnly). */
export const SIGNED_IN_COOKIE = WIRE.signedInCookie;
/** Local-storage setting that renames the XSRF cookie, for installations that must. */
export const XSRF_COOKIE_SETTING = "XSRF_COOKIE_NAME";
/** Local-storage setting naming another API base URL, for a review deployment (shell §7). */
export const API_REVIEW_SETTING = "api_review";
/** The current-user call: 30 s timeout, failures worded for start-up (shell §7, §8). */
export const USER_CALL = "/api/user";
/** A response whose first error code is one of these raises the global error handlers. */
export const GLOBAL_ERROR_CODES: readonly string[] = START_UP_ERROR_CODES;

/**
 * Account-service calls whose 401 is an answer (a wrong password, a dead refresh token),
 * not an expired session, so they never trigger a refresh. The account service's
 * signed-in calls (`/account/tokens`, `/account/user…`) refresh like any other.
 */
const NO_REFRESH_PREFIXES = [
  "/account/sign-in",
  "/account/token/",
  "/account/register",
  "/account/password/",
  "/account/email/",
  "/account/invitations/",
];

export const SESSION_CALLS = {
  refresh: "/account/token/refresh",
  revoke: "/account/token/revoke",
} as const;

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

function readSetting(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames).
    return null;
  }
}

export function xsrfCookieName(): string {
  return readSetting(XSRF_COOKIE_SETTING) || WIRE.xsrfCookie;
}

// Anything able to write local storage (an extension, an injected script) could otherwise
// send every call, sign-in passwords and XSRF token included, to a host of its choosing.
// Production builds therefore always call their own origin.
let apiReviewAllowed = import.meta.env.DEV;

/** Whether `api_review` is honoured: on in development builds, and for tests that ask. */
export function allowApiReviewHost(allowed: boolean): void {
  apiReviewAllowed = allowed;
}

/** Where calls go: the review base URL when one is set and allowed, else this origin. */
export function apiBaseUrl(): string | undefined {
  const stored = apiReviewAllowed ? readSetting(API_REVIEW_SETTING) : null;
  if (!stored) return undefined;
  try {
    const url = new URL(stored);
    if (url.protocol === "http:" || url.protocol === "https:") return url.href.replace(/\/$/, "");
  } catch {
    // Not a URL: calls stay on this origin.
  }
  return undefined;
}

function paramValue(value: unknown): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  if (Array.isArray(value)) {
    const parts = value.map(paramValue).filter((v) => v !== undefined);
    return parts.length > 0 ? parts.join(",") : undefined;
  }
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/**
 * Query strings as the API reads them: arrays comma-joined (`fields=id,name`), null,
 * undefined and empty values left out. Commas stay literal: the API splits on them.
 */
export function serializeParams(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, raw] of Object.entries(params)) {
    const value = paramValue(raw);
    if (value === undefined) continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(value).replace(/%2C/gi, ",")}`);
  }
  return pairs.join("&");
}

export const http = axios.create({
  withCredentials: true,
  timeout: TIMEOUTS.defaultRequestMs,
  // The request interceptor sends the token, under a cookie name that can be configured.
  withXSRFToken: false,
  headers: {
    Accept: "application/json",
    [WIRE.xhrHeader]: WIRE.xhrHeaderValue,
    [WIRE.versionHeader]: APP_VERSION,
  },
  paramsSerializer: { serialize: serializeParams },
});

function pathOf(url: string): string {
  return new URL(url, window.location.href).pathname;
}

http.interceptors.request.use(
  (config) => {
    const base = apiBaseUrl();
    if (base) config.baseURL = base;
    // Never hand the token to another origin than the API's.
    const url = http.getUri(config);
    const origin = new URL(url, window.location.href).origin;
    if (origin === window.location.origin || (base && origin === new URL(base).origin)) {
      const token = readCookie(xsrfCookieName());
      if (token) config.headers.set(WIRE.xsrfHeader, token);
    }
    trackRequest(config, url);
    return config;
  },
  undefined,
  // Synchronous, so that a call made just before a route change is already tracked.
  { synchronous: true },
);

const globalErrorListeners = new Set<(error: ApiRequestError) => void>();

/**
 * Calls `fn` with every failed response whose first error code is in
 * `GLOBAL_ERROR_CODES` (SH-ERR-005); the caller still receives the rejection.
 */
export function onGlobalError(fn: (error: ApiRequestError) => void): () => void {
  globalErrorListeners.add(fn);
  return () => globalErrorListeners.delete(fn);
}

function goToSignIn(): void {
  if (SESSIONLESS_PAGES.includes(window.location.pathname)) return;
  browserLocation.assign(signInUrl(window.location.href));
}

let refreshInFlight: Promise<void> | undefined;
let reinitialisedInGeneration = 0;

async function runRefresh(): Promise<void> {
  markRefreshStarted();
  try {
    await http.post(SESSION_CALLS.refresh, undefined, {
      timeout: TIMEOUTS.refreshRequestMs,
      keepOnRouteChange: true,
    });
  } catch (error) {
    markRefreshEnded(false);
    await http.post(SESSION_CALLS.revoke, {}, { keepOnRouteChange: true }).catch(() => undefined);
    goToSignIn();
    throw error;
  }
  markRefreshEnded(true);
  closeSockets();
  emitSessionEvent("tokenRefreshed");
  startSessionGeneration();
  if (isImpersonating()) emitSessionEvent("sessionReread");
}

/**
 * Refreshes the session; concurrent callers share one request. On success see D17 and
 * `session-events.ts`; when it fails the session is revoked (best effort) and the browser
 * goes to sign-in.
 */
export function refreshSession(): Promise<void> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = undefined;
  });
  return refreshInFlight;
}

function refreshable(config: InternalAxiosRequestConfig): boolean {
  const path = pathOf(http.getUri(config));
  if (NO_REFRESH_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  // The console-connect screens run on a one-time key, not on a refreshable session.
  const consoleConnect = /rms-connect\/(ssh|telnet)/.test(window.location.pathname);
  return !(consoleConnect && path === USER_CALL && config.method?.toLowerCase() === "get");
}

function cancelled(reason: string, cause: unknown): ApiRequestError {
  return new ApiRequestError({ status: 0, message: reason, cancelReason: reason, cause });
}

async function retryAfterRefresh(
  config: InternalAxiosRequestConfig,
  entry: Tracked | undefined,
  failure: ApiRequestError,
): Promise<AxiosResponse> {
  // A request sent before the last refresh finished carried the old session: just resend it.
  if (!entry || entry.sentInGeneration === sessionGeneration()) {
    if (readCookie(SIGNED_IN_COOKIE) === undefined) {
      goToSignIn();
      throw failure;
    }
    try {
      await refreshSession();
    } catch {
      throw failure;
    }
    if (!entry?.reloadable && reinitialisedInGeneration !== sessionGeneration()) {
      reinitialisedInGeneration = sessionGeneration();
      emitSessionEvent("appReinitialise");
    }
  }
  if (entry?.cancelReason) throw cancelled(entry.cancelReason, failure);
  config.retriedAfterRefresh = true;
  return http.request(config);
}

async function onResponseError(error: unknown): Promise<AxiosResponse> {
  const config = axios.isAxiosError(error) ? error.config : undefined;
  const entry = trackedOf(config);
  if (entry?.newer && config) {
    try {
      return await entry.newer.outcome;
    } catch (newerError) {
      // The newer caller gave up on its own; this one still wants the answer.
      if (!axios.isCancel(newerError) || config.signal?.aborted) throw newerError;
      if (entry.cancelReason) throw cancelled(entry.cancelReason, newerError);
      return http.request(config);
    }
  }
  if (axios.isCancel(error)) {
    throw entry?.cancelReason ? cancelled(entry.cancelReason, error) : error;
  }
  const failure = toApiRequestError(error);
  if (failure.code && GLOBAL_ERROR_CODES.includes(failure.code)) {
    for (const fn of [...globalErrorListeners]) fn(failure);
  }
  if (!config) throw failure;

  // The server set a fresh XSRF cookie with its refusal (e.g. the very first request).
  if (failure.status === 403 && failure.hasCode("XSRF_TOKEN_MISMATCH") && !config.retriedForXsrf) {
    config.retriedForXsrf = true;
    return http.request(config);
  }
  if (failure.status === 401 && !config.retriedAfterRefresh && refreshable(config)) {
    return retryAfterRefresh(config, entry, failure);
  }
  const confirmPassword = passwordConfirmationHandler();
  if (failure.status === 423 && confirmPassword && !config.retriedAfterConfirmation) {
    return retryAfterConfirmation(config, confirmPassword, failure);
  }
  const mfa = currentMfaHandler();
  if (failure.hasCode("MFA_REQUIRED") && mfa && !config.mfaResend) {
    const { method, sessionUuid } = readMfaChallenge(failure.meta);
    return mfa({
      method,
      sessionUuid,
      error: failure,
      resend: (code) => http.request(withMfaSession(config, code, sessionUuid)),
    });
  }
  throw failure;
}

/** Asks for the password (FM-423); confirmed → the call is retried once, else it ends cancelled. */
async function retryAfterConfirmation(
  config: InternalAxiosRequestConfig,
  confirm: (failure: ApiRequestError) => Promise<boolean>,
  failure: ApiRequestError,
): Promise<AxiosResponse> {
  let confirmed: boolean;
  try {
    confirmed = await confirm(failure);
  } catch {
    throw failure;
  }
  // A cancelled confirmation is the user's choice, not a failure to show (FM-423-006).
  if (!confirmed) throw cancelled("Password confirmation cancelled", failure);
  config.retriedAfterConfirmation = true;
  return http.request(config);
}

// The service is unreachable or broken, as opposed to answering about this account.
function isOutage(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.cancelReason === undefined &&
    (error.status === 0 || error.status === 408 || error.status >= 500)
  );
}

/** Ends a pass: its outcome reaches earlier GETs it answers, and the maintenance counter. */
function finish(
  config: InternalAxiosRequestConfig | undefined,
  result: Promise<AxiosResponse>,
): Promise<AxiosResponse> {
  const entry = finishTracked(config, result);
  // Retries and superseded GETs end inside the pass that reports the caller's outcome.
  const retry =
    config?.retriedAfterRefresh ||
    config?.retriedForXsrf ||
    config?.retriedAfterConfirmation ||
    config?.mfaResend;
  if (!entry || entry.newer || retry) {
    return result;
  }
  const call = `${config?.method?.toUpperCase()} ${pathOf(entry.url)}`;
  const record =
    call === `GET ${USER_CALL}`
      ? recordUserRequestResult
      : call === `POST ${SESSION_CALLS.revoke}`
        ? recordRevokeResult
        : undefined;
  if (record) {
    void result.then(
      () => record(true),
      (error: unknown) => {
        if (isOutage(error)) record(false);
      },
    );
  }
  return result;
}

http.interceptors.response.use(
  (response) => finish(response.config, Promise.resolve(response)),
  (error: unknown) =>
    finish(axios.isAxiosError(error) ? error.config : undefined, onResponseError(error)),
);
