import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deviceListItemSchema } from "@netfleet/contracts/schemas/devices";
import { searchableListQuerySchema } from "@netfleet/contracts/schemas/search";
import { okList } from "../../lib/envelope";
import {
  parseFields,
  project,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { presentDevice } from "./devices.presenter";
import { devicesRepo, deviceSearchable } from "./devices.repo";

export async function devicesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/devices",
    {
      schema: {
        tags: ["devices"],
        summary: "List devices of your company and its subsidiaries",
        description: searchableListDescription(Object.keys(deviceSearchable)),
        querystring: searchableListQuerySchema,
        response: { 200: projectableListEnvelope(deviceListItemSchema) },
      },
      config: { access: { permission: "view_devices", scope: "devices:read" } },
    },
    async (request) => {
      const { rows, total } = await devicesRepo(ctx.db).list(
        requireAuth(request).tenant,
        request.query,
      );
      const fields = parseFields(request.query.fields);
      return okList(
        rows.map((row) => project(presentDevice(row), fields)),
        total,
      );
    },
  );
}
