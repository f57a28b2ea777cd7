import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";
import { onTestFinished } from "vitest";
import { http } from "../lib/http";

/** A request as the fake server saw it, after every interceptor ran. */
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
 * interceptors (headers, refresh, errors) run for real. Unknown routes answer 404.
 */
export function fakeApi() {
  const handlers = new Map<string, FakeHandler>();
  const requests: FakeRequest[] = [];
  const original = http.defaults.adapter;

  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = new URL(http.getUri(config), "http://localhost");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(config.headers.toJSON())) {
      if (typeof value === "string") headers[name.toLowerCase()] = value;
    }
    const request: FakeRequest = {
      method: (config.method ?? "get").toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      search: url.search,
      headers,
      body: parseBody(config.data),
      timeout: config.timeout,
      withCredentials: config.withCredentials,
      responseType: config.responseType,
    };
    requests.push(request);
    const handler = handlers.get(`${request.method} ${request.path}`);
    const reply = handler
      ? await handler(request)
      : failure(404, "NOT_FOUND", `No fake for ${request.method} ${request.path}`);
    const response = {
      data: reply.body,
      status: reply.status,
      statusText: reply.statusText ?? "",
      headers: reply.headers ?? {},
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };

  http.defaults.adapter = adapter;
  onTestFinished(() => {
    http.defaults.adapter = original;
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
