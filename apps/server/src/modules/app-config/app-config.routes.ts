import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataEnvelope } from "@netfleet/contracts/envelope";
import { appConfigSchema, type AppConfig } from "@netfleet/contracts/schemas/app-config";
import { ok } from "../../lib/envelope";

/** Browsers may keep the answer a minute: it changes only when the server restarts. */
const CACHE_CONTROL = "public, max-age=60";

export async function appConfigRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const config: AppConfig = {
    theme: ctx.theme,
    error_reporting: ctx.env.ERROR_REPORT_URL ? { url: ctx.env.ERROR_REPORT_URL } : null,
    map_tile_url: ctx.env.MAP_TILE_URL ?? null,
  };

  app.get(
    "/api/app-config",
    {
      schema: {
        tags: ["app"],
        summary: "Theme and error reporting, read before anyone signs in",
        response: { 200: dataEnvelope(appConfigSchema) },
      },
      config: { access: { public: true } },
    },
    async (_request, reply) => {
      void reply.header("cache-control", CACHE_CONTROL);
      return ok(config);
    },
  );
}
