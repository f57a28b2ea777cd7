import type { HttpCacheName } from "./http-cache";

/**
 * The wire under the console's HTTP client (`http` in `http.ts`): request and response
 * shapes, the errors a call rejects with before `toApiRequestError` reads them, and the
 * transport that puts a request on the wire with `fetch`. Tests replace the transport
 * (`http.defaults.transport`), so everything above it runs for real.
 */

type LowerMethod = "get" | "post" | "put" | "patch" | "delete" | "head" | "options";
export type Method = LowerMethod | Uppercase<LowerMethod>;

/** How the answer's body is read: JSON when it parses (else text), text, or a `Blob`. */
export type ResponseType = "json" | "text" | "blob";

/** Header names in lower case. */
export type HttpHeaders = Record<string, string>;

export interface HttpRequestConfig<D = unknown> {
  url?: string;
  method?: Method;
  /** Prefixed to a relative `url`. */
  baseURL?: string;
  /** The query, serialised the way the API reads it (`serializeParams`). */
  params?: object;
  /** Sent as JSON; `FormData`, `Blob`, `URLSearchParams` and strings go as they are. */
  data?: D;
  /** An `undefined` value removes a default header. */
  headers?: Record<string, string | undefined>;
  /** Milliseconds before the call fails as timed out; 0 waits for ever. */
  timeout?: number;
  /** Aborting it cancels the call: `isCancelledRequest` is then true of its rejection. */
  signal?: AbortSignal;
  responseType?: ResponseType;
  /** Sends the cookies, to the review host of `apiBaseUrl()` too. */
  withCredentials?: boolean;
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

/** A config with the client's defaults filled in, as each pass of a call carries it. */
export interface ResolvedRequestConfig<D = unknown> extends HttpRequestConfig<D> {
  url: string;
  method: LowerMethod;
  headers: HttpHeaders;
  timeout: number;
  withCredentials: boolean;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  statusText: string;
  headers: HttpHeaders;
  config: ResolvedRequestConfig;
}

/** What goes on the wire: the full URL, the encoded body and the lower-case headers. */
export interface TransportRequest {
  /** Upper case. */
  method: string;
  url: string;
  headers: HttpHeaders;
  body: BodyInit | undefined;
  timeout: number;
  withCredentials: boolean;
  responseType: ResponseType | undefined;
  signal: AbortSignal;
}

/** Any answer, whatever its status: the client decides what is a failure. */
export interface TransportResponse {
  status: number;
  statusText: string;
  headers: HttpHeaders;
  data: unknown;
}

/** Rejects with an `HttpError` (code `ECONNABORTED` on timeout) when no answer came. */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** A call that failed: with `response` when the server answered with a non-2xx status. */
export class HttpError<T = unknown> extends Error {
  override name = "HttpError";
  /** `ECONNABORTED` (timeout), `ERR_NETWORK`, `ERR_CANCELED`, `ERR_BAD_REQUEST` (4xx), `ERR_BAD_RESPONSE` (5xx). */
  readonly code: string | undefined;
  config: ResolvedRequestConfig | undefined;
  readonly response: HttpResponse<T> | undefined;

  constructor(
    message: string,
    init: { code?: string; config?: ResolvedRequestConfig; response?: HttpResponse<T> } = {},
  ) {
    super(message);
    this.code = init.code;
    this.config = init.config;
    this.response = init.response;
  }
}

/** A call its caller (or the client's bookkeeping) aborted: not a failure to show. */
export class CanceledRequest extends HttpError<never> {
  override name = "CanceledRequest";

  constructor(message = "canceled", config?: ResolvedRequestConfig) {
    super(message, { code: "ERR_CANCELED", config });
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

export function isCancel(error: unknown): error is CanceledRequest {
  return error instanceof CanceledRequest;
}

function isAbsolute(url: string): boolean {
  return /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);
}

/** `baseURL` and `url` joined, with the serialised query appended. */
export function buildUrl(
  config: HttpRequestConfig,
  serialize: (params: Record<string, unknown>) => string,
): string {
  const url = config.url ?? "";
  let full =
    config.baseURL && !isAbsolute(url)
      ? `${config.baseURL.replace(/\/+$/, "")}/${url.replace(/^\/+/, "")}`
      : url;
  const query = config.params ? serialize(config.params as Record<string, unknown>) : "";
  if (query) {
    const hash = full.indexOf("#");
    if (hash >= 0) full = full.slice(0, hash);
    full += (full.includes("?") ? "&" : "?") + query;
  }
  return full;
}

/** Header sets merged left to right, names in lower case; `undefined` removes one. */
export function mergeHeaders(
  ...sets: (Record<string, string | undefined> | undefined)[]
): HttpHeaders {
  const merged: HttpHeaders = {};
  for (const set of sets) {
    for (const [name, value] of Object.entries(set ?? {})) {
      if (value === undefined) delete merged[name.toLowerCase()];
      else merged[name.toLowerCase()] = value;
    }
  }
  return merged;
}

function isRawBody(data: unknown): data is BodyInit {
  return (
    typeof data === "string" ||
    data instanceof FormData ||
    data instanceof Blob ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  );
}

/** The request `config` puts on the wire, its body encoded. */
export function toTransportRequest(
  config: ResolvedRequestConfig,
  url: string,
  signal: AbortSignal,
): TransportRequest {
  const headers = { ...config.headers };
  const method = config.method.toUpperCase();
  let body: BodyInit | undefined;
  const data: unknown = config.data;
  if (data !== undefined && data !== null && method !== "GET" && method !== "HEAD") {
    if (isRawBody(data)) {
      body = data;
      // The browser writes the multipart boundary itself.
      if (data instanceof FormData) delete headers["content-type"];
    } else {
      body = JSON.stringify(data);
      headers["content-type"] ??= "application/json";
    }
  }
  return {
    method,
    url,
    headers,
    body,
    timeout: config.timeout,
    withCredentials: config.withCredentials,
    responseType: config.responseType,
    signal,
  };
}

/** The transport's answer as the caller's response, or a rejection for a non-2xx status. */
export function toResponse<T>(
  answer: TransportResponse,
  config: ResolvedRequestConfig,
): HttpResponse<T> {
  const response: HttpResponse<T> = {
    data: answer.data as T,
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers,
    config,
  };
  if (answer.status >= 200 && answer.status < 300) return response;
  throw new HttpError(`Request failed with status code ${answer.status}`, {
    code: answer.status >= 500 ? "ERR_BAD_RESPONSE" : "ERR_BAD_REQUEST",
    config,
    response,
  });
}

async function readBody(response: Response, type: ResponseType | undefined): Promise<unknown> {
  if (type === "blob") return response.blob();
  const text = await response.text();
  if (type === "text" || text === "") return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON (an HTML error page, plain text): the caller gets the text.
    return text;
  }
}

/** The default transport: `fetch`, with the request's timeout and abort signal. */
export const fetchTransport: Transport = async (request) => {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    request.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, request.timeout)
      : undefined;
  const onAbort = () => controller.abort();
  if (request.signal.aborted) controller.abort();
  request.signal.addEventListener("abort", onAbort);

  // Why fetch gave up, read from what this transport did: fetch's own errors say little.
  const failed = (): HttpError => {
    if (timedOut) {
      return new HttpError(`timeout of ${request.timeout}ms exceeded`, { code: "ECONNABORTED" });
    }
    if (controller.signal.aborted) return new CanceledRequest();
    return new HttpError("Network Error", { code: "ERR_NETWORK" });
  };

  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      credentials: request.withCredentials ? "include" : "same-origin",
      signal: controller.signal,
    });
    const headers: HttpHeaders = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const data = await readBody(response, request.responseType);
    return { status: response.status, statusText: response.statusText, headers, data };
  } catch {
    throw failed();
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener("abort", onAbort);
  }
};
