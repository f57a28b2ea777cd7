import type { ApiError, ErrorEnvelope } from "@netfleet/contracts/envelope";
import { START_UP_ERROR_CODES, type ErrorCode } from "@netfleet/contracts/errors";
import { isCancel, isHttpError } from "./http-client";
import { i18n } from "./i18n";

/**
 * What a failed call rejects with, whatever went wrong: the HTTP client turns every
 * failure into an `ApiRequestError`, and these helpers read it the way the shell's
 * error catalogue does (shell §8).
 */

/** A failed call: the HTTP status (0 without a response, 408 on timeout) and the envelope's errors. */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  readonly status: number;
  readonly statusText: string;
  readonly errors: readonly ApiError[];
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  /** Set when the client cancelled the call (`cancelPendingRequests`): not a failure to show. */
  readonly cancelReason: string | undefined;

  constructor(init: {
    status: number;
    statusText?: string;
    errors?: readonly ApiError[];
    meta?: Record<string, unknown>;
    message?: string;
    cancelReason?: string;
    cause?: unknown;
  }) {
    const errors = init.errors ?? [];
    super(init.message ?? errors[0]?.message ?? i18n.t("http:requestFailed"), {
      cause: init.cause,
    });
    this.status = init.status;
    this.statusText = init.statusText || describeStatus(init.status);
    this.errors = errors;
    this.meta = init.meta;
    this.cancelReason = init.cancelReason;
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

export function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
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
  if (!isHttpError(error)) return new ApiRequestError({ status: 0, cause: error });
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

/** True for a call `cancelPendingRequests` ended: the page moved on, nothing failed. */
export function isRouteChangeCancel(error: unknown): boolean {
  return error instanceof ApiRequestError && error.cancelReason !== undefined;
}

/** True for any call that was cancelled rather than failed: by its caller or by the client. */
export function isCancelledRequest(error: unknown): boolean {
  return isCancel(error) || isRouteChangeCancel(error);
}

/**
 * The current-user call's failure as start-up shows it (shell §8): without any answer
 * "Failed to get user data", after its 30 s timeout status 408 and "User request timeout".
 */
export function toUserRequestError(error: unknown): ApiRequestError {
  const failure = toApiRequestError(error);
  if (failure.cancelReason !== undefined) return failure;
  if (failure.status === 408) {
    return new ApiRequestError({
      status: 408,
      message: i18n.t("http:userRequestTimeout"),
      cause: error,
    });
  }
  if (failure.status === 0) {
    return new ApiRequestError({ status: 0, message: i18n.t("http:userDataFailed"), cause: error });
  }
  return failure;
}

/** What start-up shows when the session could not start (shell §4 Start-up, §8). */
export type SessionStartFailure =
  | { screen: "notice"; code: (typeof START_UP_ERROR_CODES)[number]; error: ApiRequestError }
  | { screen: "maintenance"; error: ApiRequestError };

/**
 * Decides how a failed session start ends: an exception with a stack (a defect, not an
 * answer) is rethrown (SH-START-008); a failed call whose first code has a notice screen
 * gets it; any other failure shows the maintenance screen with the error (SH-START-009).
 */
export function sessionStartFailure(error: unknown): SessionStartFailure {
  const hasStack = typeof (error as { stack?: unknown } | null)?.stack === "string";
  if (hasStack && !(error instanceof ApiRequestError) && !isHttpError(error)) throw error;
  const failure = toUserRequestError(error);
  const code = START_UP_ERROR_CODES.find((c) => c === failure.code);
  return code
    ? { screen: "notice", code, error: failure }
    : { screen: "maintenance", error: failure };
}
