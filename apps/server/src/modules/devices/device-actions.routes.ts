import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import {
  cancelActionsBodySchema,
  deviceActionAnswerSchema,
  deviceActionRequestSchema,
} from "@netfleet/contracts/schemas/device-activity";
import { okMessage } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { cancelDeviceActions, requestDeviceTask } from "./device-task-actions";

export async function deviceActionsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/devices/actions",
    {
      schema: {
        tags: ["devices"],
        summary: "Run an action on devices",
        description:
          "Reboot: each device of your company tree (named by `device_id`, or every device " +
          "`filter` matches, with the device list's filters) gets a task, now or when it next comes online; " +
          "one that does not answer within DEVICE_TASK_TIMEOUT_SECONDS expires. The action's " +
          "log keeps each device's answer (`GET /api/devices/actions/logs`), and progress is " +
          "pushed as ActionStatusUpdated on `meta.channel`. Other RMS actions answer 422.",
        body: deviceActionRequestSchema,
        response: { 200: deviceActionAnswerSchema },
      },
      config: { access: { permission: "update_devices", tenant: true, scope: "devices:write" } },
    },
    async (request) => {
      // The schema refuses every action but reboot, the one devices run yet.
      const channel = await requestDeviceTask(
        app.ctx.db,
        app.actions,
        requireAuth(request),
        "reboot",
        request.body,
      );
      return { success: true as const, meta: { channel } };
    },
  );

  app.post(
    "/api/devices/actions/cancel",
    {
      schema: {
        tags: ["devices"],
        summary: "Cancel what devices were still to do",
        description:
          "Every step not yet done of the actions of `device_id`'s devices, or of the actions " +
          "`job_id` names (an action's `scheduler_id`), on devices of your company tree, fails " +
          "as cancelled. A task already sent to a device may still run there; its answer is " +
          "then ignored.",
        body: cancelActionsBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { permission: "update_devices", tenant: true, scope: "devices:write" } },
    },
    async (request) => {
      const count = await cancelDeviceActions(
        app.ctx.db,
        app.actions,
        requireAuth(request),
        request.body,
      );
      return okMessage(`${count} ${count === 1 ? "step" : "steps"} cancelled`);
    },
  );
}
