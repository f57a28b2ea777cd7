import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listEnvelope, listQuerySchema } from "@netfleet/contracts/envelope";
import { deviceListItemSchema } from "@netfleet/contracts/schemas/devices";
import { okList } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { presentDevice } from "./devices.presenter";
import { devicesRepo } from "./devices.repo";

export async function devicesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/devices",
    {
      schema: {
        tags: ["devices"],
        summary: "List devices of your company and its subsidiaries",
        querystring: listQuerySchema,
        response: { 200: listEnvelope(deviceListItemSchema) },
      },
      config: { access: { permission: "view_devices", scope: "devices:read" } },
    },
    async (request) => {
      const { rows, total } = await devicesRepo(ctx.db).list(
        requireAuth(request).tenant,
        request.query,
      );
      return okList(rows.map(presentDevice), total);
    },
  );
}
