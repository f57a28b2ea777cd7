import { onTestFinished } from "vitest";
import { type ApiRequestError, toApiRequestError } from "../lib/api-request-error";
import { type ResolvedRequestConfig, type Transport, http } from "../lib/http";
import { toResponse } from "../lib/http-client";

/** A request as the fake server saw it, as the client put it on the wire. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The query string exactly as sent, to check encoding. */
  search: string;
  headers: Record<string, string>;
  body: unknown;
  timeout: number | undefined;
  withCredentials: boolean | undefined;
  /** How the client asked to read the answer (`blob` for downloads). */
  responseType: string | undefined;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  statusText?: string;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** An envelope error answer, as the server sends it. */
export function failure(
  status: number,
  code: string,
  message: string,
  source: string | null = null,
): FakeReply {
  return { status, body: { success: false, errors: [{ code, message, source }] } };
}

export function success(data: unknown, extra: Record<string, unknown> = {}): FakeReply {
  return { status: 200, body: { success: true, data, ...extra } };
}

/** A POST the server answered with `status` and `body`, as the client reports the failure. */
export function failedCall(status: number, body: unknown, statusText = ""): ApiRequestError {
  const config: ResolvedRequestConfig = {
    url: "/api/things",
    method: "post",
    headers: {},
    timeout: 0,
    withCredentials: true,
  };
  try {
    toResponse({ status, statusText, headers: {}, data: body }, config);
  } catch (error) {
    return toApiRequestError(error);
  }
  throw new Error(`${status} is not a failure`);
}

function parseBody(data: unknown): unknown {
  if (typeof data !== "string") return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * Replaces the HTTP client's transport for the current test, so the client's own
 * handling (headers, refresh, errors) runs for real. Unknown routes answer 404.
 */
export function fakeApi() {
  const handlers = new Map<string, FakeHandler>();
  const requests: FakeRequest[] = [];
  const original = http.defaults.transport;

  const transport: Transport = async (wire) => {
    const url = new URL(wire.url, "http://localhost");
    const request: FakeRequest = {
      method: wire.method,
      path: url.pathname,
      query: url.searchParams,
      search: url.search,
      headers: { ...wire.headers },
      body: parseBody(wire.body),
      timeout: wire.timeout,
      withCredentials: wire.withCredentials,
      responseType: wire.responseType,
    };
    requests.push(request);
    const handler = handlers.get(`${request.method} ${request.path}`);
    const reply = handler
      ? await handler(request)
      : failure(404, "NOT_FOUND", `No fake for ${request.method} ${request.path}`);
    return {
      data: reply.body,
      status: reply.status,
      statusText: reply.statusText ?? "",
      // Names in lower case, as fetch gives them.
      headers: Object.fromEntries(
        Object.entries(reply.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
      ),
    };
  };

  http.defaults.transport = transport;
  onTestFinished(() => {
    http.defaults.transport = original;
  });

  return {
    requests,
    /** Answers `METHOD path` (exact path, query ignored) with a fixed reply or a handler. */
    on(method: string, path: string, reply: FakeReply | FakeHandler) {
      handlers.set(
        `${method.toUpperCase()} ${path}`,
        typeof reply === "function" ? reply : () => reply,
      );
      return this;
    },
    calls(method: string, path: string): FakeRequest[] {
      return requests.filter((r) => r.method === method.toUpperCase() && r.path === path);
    },
  };
}

/** A promise with its resolver, to hold a fake answer until the test lets it go. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
