import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import {
  cancelActionsBodySchema,
  deviceActionAnswerSchema,
  deviceActionRequestSchema,
} from "@netfleet/contracts/schemas/device-activity";
import { deviceUpdateRequestSchema } from "@netfleet/contracts/schemas/device-updates";
import { isFileTask } from "@netfleet/contracts/device-protocol";
import { z } from "zod";
import { okMessage } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { cancelDeviceActions, requestDeviceTask } from "./device-task-actions";
import { requestUpdate } from "./device-updates";

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
          "one that does not answer within DEVICE_TASK_TIMEOUT_SECONDS expires. " +
          "firmware_upload and config_upload roll a file (`file_id`) out in waves: a canary share " +
          "(`canary_percent`) first, the rest once it went well; the rollout pauses itself when " +
          "the failed share passes `failure_threshold` %, and installs only inside the devices' " +
          "local `window` when one is given. The action's log keeps each device's answer " +
          "(`GET /api/devices/actions/logs`), and progress is pushed as ActionStatusUpdated on " +
          "`meta.channel`. Other RMS actions answer 422.",
        body: z.discriminatedUnion("action", [
          deviceActionRequestSchema,
          deviceUpdateRequestSchema,
        ]),
        response: { 200: deviceActionAnswerSchema },
      },
      config: { access: { permission: "update_devices", tenant: true, scope: "devices:write" } },
    },
    async (request) => {
      const body = request.body;
      const actor = requireAuth(request);
      // The schema refuses the RMS actions devices do not run yet.
      const channel = isFileTask(body.action)
        ? await requestUpdate(
            app.ctx.db,
            app.actions,
            actor,
            body as z.infer<typeof deviceUpdateRequestSchema>,
          )
        : await requestDeviceTask(app.ctx.db, app.actions, actor, "reboot", body);
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
