import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { safeEqual } from "../lib/secrets";
import { AppError } from "./errors";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The registry /metrics serves: a module adds its own metrics with
     * `registers: [app.metrics]`, named `netfleet_<module>_…`.
     */
    metrics: Registry;
  }
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
function isLoopback(ip: string): boolean {
  return ip === "::1" || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(ip);
}

/**
 * Prometheus metrics at GET /metrics: process defaults plus request durations by route
 * pattern (never by raw URL, which would explode the label set), and what modules register
 * on `app.metrics`. With METRICS_TOKEN the scraper presents it; without, only a scraper on
 * this machine is answered.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { token?: string | undefined }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: "netfleet_" });
    app.decorate("metrics", registry);
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

    app.addHook("onResponse", (request, reply, done) => {
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
      done();
    });

    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      if (opts.token) {
        const header = request.headers.authorization ?? "";
        if (!safeEqual(header, `Bearer ${opts.token}`))
          throw new AppError("UNAUTHORIZED", "A metrics token is required.");
      } else if (!(request.ips ?? [request.ip]).every(isLoopback)) {
        // Behind a proxy on this host every socket is local: each forwarded address must be too.
        throw new AppError(
          "FORBIDDEN",
          "Metrics are served only to this machine unless METRICS_TOKEN is set.",
        );
      }
      return reply.header("content-type", registry.contentType).send(await registry.metrics());
    });
  },
  { name: "metrics", dependencies: ["errors"] },
);
