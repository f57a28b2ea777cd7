import type { Socket } from "node:net";
import type {
  ConnectionError,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from "fastify";
import fp from "fastify-plugin";
import { nodeHttp } from "../lib/node-http";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERROR_CODES, type ErrorCode } from "@netfleet/contracts/errors";
import type { ApiError, ErrorEnvelope } from "@netfleet/contracts/envelope";

/**
 * An error a handler means to show the caller. Anything else that is thrown becomes a
 * 500 whose details stay in the log.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly source: string | null;
  readonly meta: Record<string, unknown> | undefined;
  readonly extra: ApiError[];

  constructor(
    code: ErrorCode,
    message: string,
    opts: {
      source?: string | null;
      status?: number;
      meta?: Record<string, unknown>;
      extra?: ApiError[];
    } = {},
  ) {
    super(message);
    this.code = code;
    this.status = opts.status ?? ERROR_CODES[code];
    this.source = opts.source ?? null;
    this.meta = opts.meta;
    this.extra = opts.extra ?? [];
  }

  toEnvelope(): ErrorEnvelope {
    const errors = [{ code: this.code, message: this.message, source: this.source }, ...this.extra];
    return this.meta ? { success: false, errors, meta: this.meta } : { success: false, errors };
  }
}

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Try again later.";

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "VALIDATION_FAILED",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/**
 * Fastify's own error codes, reworded for people. `status` keeps an HTTP status that says
 * more than the code's own (414 for a path part too long to be anything).
 */
const FASTIFY_MESSAGES: Record<string, { code: ErrorCode; message: string; status?: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: "PAYLOAD_TOO_LARGE",
    message: "The request body is too large.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "This content type is not accepted here; send application/json.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: "BAD_REQUEST",
    message: "The request declares a JSON body but sends none.",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: "BAD_REQUEST",
    message: "The request body is not valid JSON.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: "BAD_REQUEST",
    message: "The request body is not as long as its Content-Length header says.",
  },
  FST_ERR_BAD_URL: {
    code: "BAD_REQUEST",
    message: "The address contains an invalid percent-encoded character.",
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: "BAD_REQUEST",
    message: "A part of the address is too long.",
    status: 414,
  },
};

/** Turns any thrown error into the envelope and status the API promises. */
export function toErrorResponse(
  error: FastifyError | Error,
  request: FastifyRequest,
): { status: number; body: ErrorEnvelope } {
  if (error instanceof AppError) return { status: error.status, body: error.toEnvelope() };

  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = error.validation.map((v) => ({
      code: "VALIDATION_FAILED",
      message: v.message ?? "Invalid value",
      source: fieldSource(v.instancePath),
    }));
    return { status: 422, body: { success: false, errors } };
  }

  const fe = error as FastifyError;
  const known = fe.code ? FASTIFY_MESSAGES[fe.code] : undefined;
  if (known) {
    return {
      status: known.status ?? ERROR_CODES[known.code],
      body: {
        success: false,
        errors: [{ code: known.code, message: known.message, source: null }],
      },
    };
  }
  if (error instanceof SyntaxError && fe.statusCode === 400) {
    return {
      status: 400,
      body: {
        success: false,
        errors: [
          { code: "BAD_REQUEST", message: "The request body is not valid JSON.", source: null },
        ],
      },
    };
  }

  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? "BAD_REQUEST";
    return {
      status,
      body: { success: false, errors: [{ code, message: error.message, source: null }] },
    };
  }

  request.log.error({ err: error }, "request failed");
  return {
    status: status >= 500 && status < 600 ? status : 500,
    body: {
      success: false,
      errors: [{ code: "INTERNAL_ERROR", message: INTERNAL_ERROR_MESSAGE, source: null }],
    },
  };
}

/** "/data/0/device_id" in the body becomes "data.0.device_id"; a query field keeps its name. */
function fieldSource(instancePath: string): string | null {
  const path = instancePath.replace(/^\//, "").replace(/\//g, ".");
  return path === "" ? null : path;
}

/** The one error handler; unknown routes are answered by plugins/web.ts's not-found handler. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = toErrorResponse(error as Error, request);
      // A streamed body that failed before its first byte (a file the store could not
      // give) comes here after Fastify copied the route's headers onto the raw response:
      // they describe that body, not the envelope (an octet-stream type refuses it).
      if (!reply.raw.headersSent && reply.raw.hasHeader("content-type")) {
        for (const name of ["content-type", "content-disposition", "cache-control"]) {
          reply.removeHeader(name);
          reply.raw.removeHeader(name);
        }
      }
      return reply.status(status).send(body);
    });
  },
  { name: "errors" },
);

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (bad percent-encoding, a path
 * part over `maxParamLength`) is answered before any route or hook, so the error handler
 * never sees it. Same envelope, and the request id the hooks would have added.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, body } = toErrorResponse(error, request);
  void reply.status(status).header("x-request-id", request.id).send(body);
}

/** What Node's HTTP parser refused, as the caller should read it. */
function clientErrorAnswer(code: string): { status: number; message: string } {
  if (code === "HPE_HEADER_OVERFLOW")
    return { status: 431, message: "The request headers are too large." };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT")
    return { status: 408, message: "The request did not arrive in time." };
  return { status: 400, message: "The request is not valid HTTP." };
}

/**
 * Fastify's `clientErrorHandler`: requests Node's parser refuses (headers too large, a
 * malformed request line, an unknown method) never reach Fastify, so the answer is written
 * to the socket by hand, in the envelope, and the connection closed as Node would.
 */
export function answerClientError(
  this: FastifyInstance,
  error: ConnectionError,
  socket: Socket,
): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  this.log.debug({ err: error }, "client error");
  // A response already under way on this connection (keep-alive) cannot be followed by ours.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const { status, message } = clientErrorAnswer(error.code);
    const body = JSON.stringify({
      success: false,
      errors: [{ code: "BAD_REQUEST", message, source: null }],
    } satisfies ErrorEnvelope);
    socket.write(
      `HTTP/1.1 ${status} ${nodeHttp.STATUS_CODES[status] ?? "Bad Request"}\r\n` +
        "Connection: close\r\n" +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function notFoundEnvelope(request: FastifyRequest): ErrorEnvelope {
  return {
    success: false,
    errors: [
      {
        code: "NOT_FOUND",
        message: `No route matches ${request.method} ${request.url.split("?")[0]}.`,
        source: null,
      },
    ],
  };
}
