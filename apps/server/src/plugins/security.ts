import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * Security headers. The CSP allows only this origin's scripts; styles may be inline
 * because the UI library sets style attributes and CSS variables at run time. The
 * console may connect to other origins only when configured to (the error reporter).
 * The headers are worked out once, not on every request.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { extraImgSrc?: string[]; extraConnectSrc?: string[] }) => {
    const apply = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", ...(opts.extraImgSrc ?? [])],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'", ...(opts.extraConnectSrc ?? [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // The console opens device web UIs in new windows; it never embeds other origins.
      crossOriginEmbedderPolicy: false,
    });
    // None of these headers depends on the request (no nonces): helmet runs once, against a
    // recorder, and every reply gets the headers it set in one go.
    const headers: Record<string, string> = {};
    const recorder = {
      setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
      removeHeader: () => undefined,
    };
    apply({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
      if (err) throw err as Error;
    });
    app.addHook("onRequest", (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: "security" },
);
