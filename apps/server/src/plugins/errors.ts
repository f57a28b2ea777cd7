import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
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

/** Fastify's own error codes, reworded for people. */
const FASTIFY_MESSAGES: Record<string, { code: ErrorCode; message: string }> = {
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
      status: ERROR_CODES[known.code],
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
      return reply.status(status).send(body);
    });
  },
  { name: "errors" },
);

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
