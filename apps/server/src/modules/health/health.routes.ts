import type { FastifyInstance } from "fastify";
import { APP_VERSION } from "@netfleet/contracts/constants";
import { ping } from "../../db/client";

/** Liveness and readiness in one: 200 when the database answers, 503 when it does not. */
export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", { schema: { hide: true } }, async (request, reply) => {
    try {
      await ping(app.ctx.db);
      return { status: "ok", version: APP_VERSION, database: app.ctx.database.kind };
    } catch (err) {
      request.log.error({ err }, "health check failed");
      return reply
        .status(503)
        .send({ status: "unavailable", version: APP_VERSION, database: app.ctx.database.kind });
    }
  });
}
