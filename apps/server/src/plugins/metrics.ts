import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { safeEqual } from "../modules/accounts/secrets";
import { AppError } from "./errors";

/**
 * Prometheus metrics at GET /metrics: process defaults plus request durations by route
 * pattern (never by raw URL, which would explode the label set).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { token?: string | undefined }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: "netfleet_" });
    const duration = new Histogram({
      name: "netfleet_http_request_duration_seconds",
      help: "HTTP request duration by method, route pattern and status code",
      labelNames: ["method", "route", "status_code"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    const signIns = new Counter({
      name: "netfleet_sign_ins_total",
      help: "Sign-in attempts by outcome",
      labelNames: ["outcome"],
      registers: [registry],
    });

    app.addHook("onResponse", async (request, reply) => {
      const route = request.routeOptions.url ?? "unmatched";
      duration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      if (route === "/account/sign-in" && request.method === "POST") {
        signIns.inc({
          outcome:
            reply.statusCode === 200 ? "success" : reply.statusCode === 429 ? "limited" : "failure",
        });
      }
    });

    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      if (opts.token) {
        const header = request.headers.authorization ?? "";
        if (!safeEqual(header, `Bearer ${opts.token}`))
          throw new AppError("UNAUTHORIZED", "A metrics token is required.");
      }
      return reply.header("content-type", registry.contentType).send(await registry.metrics());
    });
  },
  { name: "metrics", dependencies: ["errors"] },
);
