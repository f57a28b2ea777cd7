import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listEnvelope } from "@netfleet/contracts/envelope";
import { DEVICE_MESSAGES } from "@netfleet/contracts/schemas/devices";
import {
  type ActionLog,
  actionLogSchema,
  actionLogsQuerySchema,
} from "@netfleet/contracts/schemas/device-activity";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { devicePageRepo } from "../devices/device-page.repo";
import { actionsRepo } from "./actions.repo";

const WAITING = "Waiting to run";

/** What every bulk action left on each device. */
export async function actionsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/devices/actions/logs",
    {
      schema: {
        tags: ["devices"],
        summary: "A device's part of every bulk action, newest first",
        description:
          "One entry per action that included the device: whether its step waits, is done or failed, and the step's message as its one event. `scheduler_id` is the action's id. `limit` and `offset` page.",
        querystring: actionLogsQuerySchema,
        response: { 200: listEnvelope(actionLogSchema) },
      },
      config: { access: { permission: "view_devices", tenant: true, scope: "devices:read" } },
    },
    async (request) => {
      const { device_id: deviceId, limit, offset } = request.query;
      const device = await devicePageRepo(ctx.db).findRef(requireAuth(request).tenant, deviceId);
      if (!device) {
        throw new AppError("NOT_FOUND", DEVICE_MESSAGES.unknownDevice, { source: "device_id" });
      }
      const { rows, total } = await actionsRepo(ctx.db).logOf(deviceId, { limit, offset });
      const data = rows.map((row): ActionLog => {
        const finished = row.finishedAt ?? undefined;
        return {
          device_id: deviceId,
          device_name: device.name,
          device_serial: device.serial,
          action_name: row.name,
          scheduler_id: String(row.actionId),
          // A step waiting for its device's answer is still pending to a caller.
          request_target_state: (row.status === "waiting"
            ? "pending"
            : row.status) as ActionLog["request_target_state"],
          action_initialized_from: "request",
          created_at: row.createdAt.toISOString(),
          ...(finished ? { finished_at: finished.toISOString() } : {}),
          events: [
            {
              reference_id: String(row.actionId),
              action: row.name,
              created_at: (finished ?? row.createdAt).toISOString(),
              message: row.message ?? WAITING,
            },
          ],
        };
      });
      return { success: true as const, data, meta: { total } };
    },
  );
}
