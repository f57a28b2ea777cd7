import type { FastifyInstance } from "fastify";
import { APP_VERSION } from "@netfleet/contracts/constants";
import { ping } from "../../db/client";

/** Liveness and readiness in one: 200 when the database answers, 503 when it does not. */
export async function healthRoutes(app: FastifyInstance) {
  const ok = JSON.stringify({
    status: "ok",
    version: APP_VERSION,
    database: app.ctx.database.kind,
  });
  const unavailable = JSON.stringify({
    status: "unavailable",
    version: APP_VERSION,
    database: app.ctx.database.kind,
  });
  // Probes that arrive while the database is being asked share that question's answer: a
  // busy load balancer's probes cost one round trip at a time, none older than that.
  let asking: Promise<unknown> | undefined;
  const askDatabase = () =>
    (asking ??= ping(app.ctx.db).finally(() => {
      asking = undefined;
    }));

  app.get("/healthz", { schema: { hide: true } }, async (request, reply) => {
    void reply.type("application/json; charset=utf-8");
    try {
      await askDatabase();
      return ok;
    } catch (err) {
      request.log.error({ err }, "health check failed");
      return reply.status(503).send(unavailable);
    }
  });
}
