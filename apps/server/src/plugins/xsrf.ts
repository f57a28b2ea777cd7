import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { WIRE } from "@netfleet/contracts/constants";
import { newSecret, safeEqual } from "../lib/secrets";
import { AppError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * `false` for calls that devices make (enrolment): they hold no cookies and act on
     * nobody's session, so a forged browser request gains nothing there.
     */
    xsrf?: false;
  }
}

/**
 * Double-submit XSRF protection: a response of an API or account route to a browser without
 * the cookie sets a random `XSRF-TOKEN` the console can read (it asks `/api/app-config`
 * before anything else); a state-changing request must echo it in `X-XSRF-TOKEN`.
 * Bearer-token requests are exempt: a browser never adds that header by itself, so a forged
 * request cannot carry one. Health checks, metrics, static files, token callers and devices
 * neither need the cookie nor get it.
 */
export const xsrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", (request, reply, done) => {
      const config = request.routeOptions.config;
      if (!config.access || config.xsrf === false) return done();
      if (request.headers.authorization?.startsWith("Bearer ")) return done();
      const cookie = request.cookies[WIRE.xsrfCookie];
      if (!cookie) {
        void reply.setCookie(WIRE.xsrfCookie, newSecret(24), {
          path: "/",
          sameSite: "lax",
          secure: request.protocol === "https",
          httpOnly: false,
        });
      }
      if (SAFE_METHODS.has(request.method)) return done();
      const header = request.headers[WIRE.xsrfHeader.toLowerCase()];
      if (!cookie || typeof header !== "string" || !safeEqual(cookie, header)) {
        return done(
          new AppError(
            "XSRF_TOKEN_MISMATCH",
            "The request was refused because its security token is missing or stale. Reload the page and try again.",
          ),
        );
      }
      done();
    });
  },
  { name: "xsrf", dependencies: ["errors"] },
);
