import axios, { type AxiosError, type InternalAxiosRequestConfig } from "axios";
import { APP_VERSION, TIMEOUTS, WIRE } from "@netfleet/contracts/constants";
import type { ApiError, ErrorEnvelope } from "@netfleet/contracts/envelope";
import type { ErrorCode } from "@netfleet/contracts/errors";
import { SESSIONLESS_PAGES, signInUrl } from "./account-paths";
import { browserLocation } from "./browser-location";

/**
 * The one HTTP client of the console (shell spec §7): every call to the server goes
 * through `http`, which sends the session cookies, the XHR marker, the app version and
 * the XSRF token, serialises query parameters the way the API reads them, refreshes an
 * expired session once and turns every failure into an `ApiRequestError`.
 */

declare module "axios" {
  interface AxiosRequestConfig {
    /** Set on the single retry after a session refresh, so a second 401 is final. */
    retriedAfterRefresh?: boolean;
    /** Set on the single retry after the server issued a fresh XSRF cookie. */
    retriedForXsrf?: boolean;
  }
}

/** Readable cookie the server keeps while a session exists (the session cookies are httpOnly). */
export const SIGNED_IN_COOKIE = WIRE.signedInCookie;
/** Local-storage setting that renames the XSRF cookie, for installations that must. */
export const XSRF_COOKIE_SETTING = "XSRF_COOKIE_NAME";
export const FALLBACK_ERROR_MESSAGE = "Failed to send request. Try again later.";

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

/** A failed call: the HTTP status (0 without a response, 408 on timeout) and the envelope's errors. */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  readonly status: number;
  readonly statusText: string;
  readonly errors: readonly ApiError[];
  readonly meta: Readonly<Record<string, unknown>> | undefined;

  constructor(init: {
    status: number;
    statusText?: string;
    errors?: readonly ApiError[];
    meta?: Record<string, unknown>;
    cause?: unknown;
  }) {
    const errors = init.errors ?? [];
    super(errors[0]?.message ?? FALLBACK_ERROR_MESSAGE, { cause: init.cause });
    this.status = init.status;
    this.statusText = init.statusText || describeStatus(init.status);
    this.errors = errors;
    this.meta = init.meta;
  }

  /** The first error's code, which decides how the console reacts. */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }

  hasCode(code: ErrorCode): boolean {
    return this.errors.some((e) => e.code === code);
  }

  /** Messages of errors that name a field, keyed by `source`; the first one per field wins. */
  fieldErrors(): Record<string, string> {
    const result: Record<string, string> = {};
    for (const e of this.errors) {
      if (e.source && !(e.source in result)) result[e.source] = e.message;
    }
    return result;
  }
}

const STATUS_TEXT: Record<number, string> = {
  0: "Network error",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  423: "Locked",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

// HTTP/2 responses carry no reason phrase, so the toast texts that quote one need this table.
function describeStatus(status: number): string {
  return STATUS_TEXT[status] ?? `HTTP ${status}`;
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== "object" || body === null) return false;
  const candidate = body as Partial<ErrorEnvelope>;
  return (
    candidate.success === false &&
    Array.isArray(candidate.errors) &&
    candidate.errors.every((e) => typeof e?.message === "string" && typeof e.code === "string")
  );
}

/** Wraps anything a call can reject with; an `ApiRequestError` passes through unchanged. */
export function toApiRequestError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (!axios.isAxiosError(error)) return new ApiRequestError({ status: 0, cause: error });
  const response = error.response;
  if (!response) {
    const timedOut = error.code === "ECONNABORTED" || error.code === "ETIMEDOUT";
    return new ApiRequestError({ status: timedOut ? 408 : 0, cause: error });
  }
  const body: unknown = response.data;
  return new ApiRequestError({
    status: response.status,
    statusText: response.statusText,
    errors: isErrorEnvelope(body) ? body.errors : [],
    meta: isErrorEnvelope(body) ? body.meta : undefined,
    cause: error,
  });
}

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

export function xsrfCookieName(): string {
  try {
    return window.localStorage.getItem(XSRF_COOKIE_SETTING) || WIRE.xsrfCookie;
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames).
    return WIRE.xsrfCookie;
  }
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

function requestUrl(config: InternalAxiosRequestConfig): URL {
  return new URL(http.getUri(config), window.location.href);
}

http.interceptors.request.use((config) => {
  // Never hand the token to another origin.
  if (requestUrl(config).origin === window.location.origin) {
    const token = readCookie(xsrfCookieName());
    if (token) config.headers.set(WIRE.xsrfHeader, token);
  }
  return config;
});

function goToSignIn(): void {
  if (SESSIONLESS_PAGES.includes(window.location.pathname)) return;
  browserLocation.assign(signInUrl(window.location.href));
}

let refreshInFlight: Promise<void> | undefined;

/**
 * Refreshes the session; concurrent callers share one request. When the refresh fails
 * the session is revoked (best effort) and the browser goes to sign-in.
 */
export function refreshSession(): Promise<void> {
  refreshInFlight ??= (async () => {
    try {
      await http.post(SESSION_CALLS.refresh, undefined, { timeout: TIMEOUTS.refreshRequestMs });
    } catch (error) {
      await http.post(SESSION_CALLS.revoke, {}).catch(() => undefined);
      goToSignIn();
      throw error;
    } finally {
      refreshInFlight = undefined;
    }
  })();
  return refreshInFlight;
}

async function onResponseError(error: unknown): Promise<unknown> {
  if (axios.isCancel(error)) throw error;
  const failure = toApiRequestError(error);
  const config = (error as AxiosError).config;
  if (!config) throw failure;

  // The server set a fresh XSRF cookie with its refusal (e.g. the very first request).
  if (failure.status === 403 && failure.hasCode("XSRF_TOKEN_MISMATCH") && !config.retriedForXsrf) {
    config.retriedForXsrf = true;
    return http.request(config);
  }

  const path = requestUrl(config).pathname;
  const refreshable = !NO_REFRESH_PREFIXES.some((prefix) => path.startsWith(prefix));
  if (failure.status === 401 && refreshable && !config.retriedAfterRefresh) {
    if (readCookie(SIGNED_IN_COOKIE) === undefined) {
      goToSignIn();
      throw failure;
    }
    try {
      await refreshSession();
    } catch {
      throw failure;
    }
    config.retriedAfterRefresh = true;
    return http.request(config);
  }
  throw failure;
}

http.interceptors.response.use(undefined, onResponseError);
