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
import {
  type HttpRequestConfig,
  type HttpResponse,
  type ResolvedRequestConfig,
  type Transport,
  buildUrl,
  fetchTransport,
  isCancel,
  isHttpError,
  mergeHeaders,
  toResponse,
  toTransportRequest,
} from "./http-client";
import { recordRevokeResult, recordUserRequestResult } from "./maintenance-counter";
import {
  type Tracked,
  finishTracked,
  sendTracked,
  sessionGeneration,
  startSessionGeneration,
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
export {
  CanceledRequest,
  HttpError,
  isCancel,
  isHttpError,
  type HttpRequestConfig,
  type HttpResponse,
  type Method,
  type ResolvedRequestConfig,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from "./http-client";
export { ROUTE_CHANGED, cancelPendingRequests } from "./request-tracking";
export { getSessionState, isAuthenticated, setSessionState } from "./session-events";

/**
 * The one HTTP client of the console (shell §7): every call to the server goes through
 * `http`, which sends the session cookies, the XHR marker, the app version and the XSRF
 * token, serialises query parameters the way the API reads them, lets the newest of two
 * GETs to one URL answer both (D1), cancels a page's calls when the route changes,
 * refreshes an expired session once (D17) and turns every failure into an `ApiRequestError`.
 */

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

function pathOf(url: string): string {
  return new URL(url, window.location.href).pathname;
}

type BodyMethod = "post" | "put" | "patch";

export interface HttpClient {
  /** What every call starts from; `transport` is what puts a request on the wire. */
  defaults: {
    transport: Transport;
    headers: Record<string, string>;
    timeout: number;
    withCredentials: boolean;
  };
  /** The full URL `config` goes to, query included. */
  getUri(config: HttpRequestConfig): string;
  request<T = unknown>(config: HttpRequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: HttpRequestConfig): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: HttpRequestConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(
    url: string,
    data?: unknown,
    config?: HttpRequestConfig,
  ): Promise<HttpResponse<T>>;
  put<T = unknown>(
    url: string,
    data?: unknown,
    config?: HttpRequestConfig,
  ): Promise<HttpResponse<T>>;
  patch<T = unknown>(
    url: string,
    data?: unknown,
    config?: HttpRequestConfig,
  ): Promise<HttpResponse<T>>;
}

function withBody(method: BodyMethod) {
  return <T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig) =>
    http.request<T>({ ...config, url, method, data });
}

export const http: HttpClient = {
  defaults: {
    transport: fetchTransport,
    headers: {
      Accept: "application/json",
      [WIRE.xhrHeader]: WIRE.xhrHeaderValue,
      [WIRE.versionHeader]: APP_VERSION,
    },
    timeout: TIMEOUTS.defaultRequestMs,
    withCredentials: true,
  },
  getUri: (config) => buildUrl(config, serializeParams),
  request: <T>(config: HttpRequestConfig) => {
    try {
      return startPass(config) as Promise<HttpResponse<T>>;
    } catch (error) {
      // A URL that does not parse fails the call, as any other failure does.
      return Promise.reject(toApiRequestError(error));
    }
  },
  get: (url, config) => http.request({ ...config, url, method: "get" }),
  delete: (url, config) => http.request({ ...config, url, method: "delete" }),
  post: withBody("post"),
  put: withBody("put"),
  patch: withBody("patch"),
};

function resolveConfig(config: HttpRequestConfig): ResolvedRequestConfig {
  const { defaults } = http;
  return {
    ...config,
    url: config.url ?? "",
    method: (config.method ?? "get").toLowerCase() as ResolvedRequestConfig["method"],
    headers: mergeHeaders(defaults.headers, config.headers),
    timeout: config.timeout ?? defaults.timeout,
    withCredentials: config.withCredentials ?? defaults.withCredentials,
  };
}

function sendOnce(config: ResolvedRequestConfig, signal: AbortSignal): Promise<HttpResponse> {
  const request = toTransportRequest(config, http.getUri(config), signal);
  return http.defaults.transport(request).then((answer) => toResponse(answer, config));
}

/**
 * One pass of a call: headers and tracking, the wire, then `onResponseError`. Everything
 * up to the transport runs synchronously, so that a call made just before a route change
 * is already tracked.
 */
function startPass(callerConfig: HttpRequestConfig): Promise<HttpResponse> {
  const config = resolveConfig(callerConfig);
  const base = apiBaseUrl();
  if (base) config.baseURL = base;
  // Never hand the token to another origin than the API's.
  const url = http.getUri(config);
  const origin = new URL(url, window.location.href).origin;
  if (origin === window.location.origin || (base && origin === new URL(base).origin)) {
    const token = readCookie(xsrfCookieName());
    if (token) config.headers[WIRE.xsrfHeader.toLowerCase()] = token;
  }
  return sendTracked(config, url, sendOnce).then(
    (response) => finish(response.config, Promise.resolve(response)),
    (error: unknown) =>
      finish(isHttpError(error) ? error.config : undefined, onResponseError(error)),
  );
}

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

function refreshable(config: ResolvedRequestConfig): boolean {
  const path = pathOf(http.getUri(config));
  if (NO_REFRESH_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  // The console-connect screens run on a one-time key, not on a refreshable session.
  const consoleConnect = /rms-connect\/(ssh|telnet)/.test(window.location.pathname);
  return !(consoleConnect && path === USER_CALL && config.method === "get");
}

function cancelled(reason: string, cause: unknown): ApiRequestError {
  return new ApiRequestError({ status: 0, message: reason, cancelReason: reason, cause });
}

async function retryAfterRefresh(
  config: ResolvedRequestConfig,
  entry: Tracked | undefined,
  failure: ApiRequestError,
): Promise<HttpResponse> {
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

async function onResponseError(error: unknown): Promise<HttpResponse> {
  const config = isHttpError(error) ? error.config : undefined;
  const entry = trackedOf(config);
  if (entry?.newer && config) {
    try {
      return await entry.newer.outcome;
    } catch (newerError) {
      // The newer caller gave up on its own; this one still wants the answer.
      if (!isCancel(newerError) || config.signal?.aborted) throw newerError;
      if (entry.cancelReason) throw cancelled(entry.cancelReason, newerError);
      return http.request(config);
    }
  }
  if (isCancel(error)) {
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
  config: ResolvedRequestConfig,
  confirm: (failure: ApiRequestError) => Promise<boolean>,
  failure: ApiRequestError,
): Promise<HttpResponse> {
  let confirmed: boolean;
  try {
    confirmed = await confirm(failure);
  } catch {
    throw failure;
  }
  // A cancelled confirmation is the user's choice, not a failure to show (FM-423-006).
  if (!confirmed) throw cancelled("Password confirmation cancelled", failure);
  config.retriedAfterConfirmation = true;
  // The user took their time over the password: the session may have expired meanwhile,
  // even if it was refreshed on the way to the 423, so the retry may refresh it again.
  config.retriedAfterRefresh = false;
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
  config: ResolvedRequestConfig | undefined,
  result: Promise<HttpResponse>,
): Promise<HttpResponse> {
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
  const call = `${config?.method.toUpperCase()} ${pathOf(entry.url)}`;
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
