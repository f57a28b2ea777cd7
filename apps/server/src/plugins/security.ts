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
    app.addHook("onRequest", (request, reply, done) => {
      apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
  },
  { name: "security" },
);
