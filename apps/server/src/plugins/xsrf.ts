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
 * Double-submit XSRF protection: every response without the cookie sets a random
 * `XSRF-TOKEN` the console can read; a state-changing request must echo it in
 * `X-XSRF-TOKEN`. Bearer-token requests are exempt: a browser never adds that header by
 * itself, so a forged request cannot carry one.
 */
export const xsrfPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", async (request, reply) => {
      const cookie = request.cookies[WIRE.xsrfCookie];
      if (!cookie) {
        void reply.setCookie(WIRE.xsrfCookie, newSecret(24), {
          path: "/",
          sameSite: "lax",
          secure: request.protocol === "https",
          httpOnly: false,
        });
      }
      const config = request.routeOptions.config;
      if (SAFE_METHODS.has(request.method) || !config.access || config.xsrf === false) return;
      if (request.headers.authorization?.startsWith("Bearer ")) return;
      const header = request.headers[WIRE.xsrfHeader.toLowerCase()];
      if (!cookie || typeof header !== "string" || !safeEqual(cookie, header)) {
        throw new AppError(
          "XSRF_TOKEN_MISMATCH",
          "The request was refused because its security token is missing or stale. Reload the page and try again.",
        );
      }
    });
  },
  { name: "xsrf", dependencies: ["errors"] },
);
