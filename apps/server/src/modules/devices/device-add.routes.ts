import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataEnvelope } from "@netfleet/contracts/envelope";
import {
  DEVICE_ADD_MAX_ROWS,
  deviceAddAnswerSchema,
  deviceAddBodySchema,
} from "@netfleet/contracts/schemas/device-add";
import { ok } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { addDevices } from "./device-add.service";

/**
 * `POST /api/devices`: devices registered by serial number and MAC before they connect.
 * RMS also has `POST /devices/import` for a multipart CSV or XLS upload; this server takes
 * no multipart bodies, so the console reads the file itself, shows its rows, and sends
 * them here like a typed list.
 */
export async function deviceAddRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.post(
    "/api/devices",
    {
      schema: {
        tags: ["devices"],
        summary: "Add devices before they connect",
        description: `Up to ${DEVICE_ADD_MAX_ROWS} devices, all added or none. Each is Not Activated until a device with its serial number and MAC enrols with the company's enrolment token. Errors name their row: \`data.3.mac\`. A serial number registered already answers 409; a company outside your tree 404.`,
        body: deviceAddBodySchema,
        response: { 201: dataEnvelope(deviceAddAnswerSchema) },
      },
      config: { access: { permission: "create_devices", tenant: true, scope: "devices:write" } },
    },
    async (request, reply) => {
      const added = await addDevices(ctx, requireAuth(request), request.body.data);
      const message = added.length === 1 ? "Device added" : `${added.length} devices added`;
      return reply.status(201).send(ok(added, message));
    },
  );
}
