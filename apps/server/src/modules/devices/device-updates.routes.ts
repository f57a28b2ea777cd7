import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { toRmsDateTime } from "@netfleet/contracts/dates";
import { DOWNLOAD_PATH } from "@netfleet/contracts/device-protocol";
import { dataEnvelope, listEnvelope } from "@netfleet/contracts/envelope";
import { deviceActionAnswerSchema } from "@netfleet/contracts/schemas/device-activity";
import {
  cancelUpdatesBodySchema,
  jobIdParamsSchema,
  jobSchema,
  jobStepSchema,
  jobStepsQuerySchema,
  jobUpdateBodySchema,
  pendingUpdateSchema,
  pendingUpdatesQuerySchema,
  setUpdatesBodySchema,
  UPLOAD_CODES,
} from "@netfleet/contracts/schemas/device-updates";
import type { FileTaskAction } from "@netfleet/contracts/device-protocol";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { fileStoreFor } from "../files/file-store-for";
import { filesRepo } from "../files/files.repo";
import { deviceTasksRepo } from "./device-tasks.repo";
import { cancelUpdates, setUpdates } from "./device-updates";

const NO_SUCH_JOB = "No such action.";
const GONE = "This download link was used already, or its update has ended.";

/**
 * Downloads per address and minute. A device downloads once per update, but a whole fleet
 * may sit behind one carrier's NAT; the limit only keeps token guessing from hammering.
 */
const DOWNLOAD_LIMIT = { max: 6_000, timeWindow: "1 minute" };

/**
 * Firmware and configuration updates as RMS API v3 has them (set, pending, cancel), the
 * state of any action and its steps (pause, resume), and the one-time downloads devices
 * fetch their files from.
 */
export async function deviceUpdatesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const store = fileStoreFor(ctx.env, app.log);
  const write = {
    access: { permission: "update_devices", tenant: true, scope: "devices:write" },
  } as const;

  /** The action, if it has a step on a device the caller sees. */
  async function jobInScope(request: Parameters<typeof requireAuth>[0], id: number) {
    const actor = requireAuth(request);
    if ((await app.actions.actionsInScope(actor.tenant, [id])).length === 0) {
      throw new AppError("NOT_FOUND", NO_SUCH_JOB, { source: "id" });
    }
    const job = await app.actions.job(id);
    if (!job) throw new AppError("NOT_FOUND", NO_SUCH_JOB, { source: "id" });
    return job;
  }

  app.post(
    "/api/devices/updates/set",
    {
      schema: {
        tags: ["devices"],
        summary: "Update devices' firmware or upload a configuration to them",
        description:
          "Each device of your company tree (`id`) gets the file (`file_id`: firmware for " +
          "update_firmware, a configuration for upload_backup) now, or, with `offline`, when it " +
          "next comes online; without `offline` an offline device's update fails. A firmware " +
          "update counts as done once the device runs the file's version. Progress is pushed " +
          "on `meta.channel`; the action's id is `job_id` in each update.",
        body: setUpdatesBodySchema,
        response: { 200: deviceActionAnswerSchema },
      },
      config: write,
    },
    async (request) => {
      const channel = await setUpdates(ctx.db, app.actions, requireAuth(request), request.body);
      return { success: true as const, meta: { channel } };
    },
  );

  app.get(
    "/api/devices/updates/pending",
    {
      schema: {
        tags: ["devices"],
        summary: "Updates waiting for their devices to come online",
        description:
          "Firmware updates (`job_type` 100) and configuration uploads (101) of devices of your " +
          "company tree that have been offline since they were asked for, oldest first. `id` is " +
          "the update's job, for `POST /api/devices/updates/cancel`.",
        querystring: pendingUpdatesQuerySchema,
        response: { 200: listEnvelope(pendingUpdateSchema) },
      },
      config: { access: { permission: "view_devices", tenant: true, scope: "devices:read" } },
    },
    async (request) => {
      const { rows, total } = await deviceTasksRepo(ctx.db).pendingUpdates(
        requireAuth(request).tenant,
        request.query,
      );
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.action_id,
          job_type: UPLOAD_CODES[row.action as FileTaskAction],
          name: row.name,
          serial: row.serial,
          device_id: row.device_id,
        })),
        meta: { total },
      };
    },
  );

  app.post(
    "/api/devices/updates/cancel",
    {
      schema: {
        tags: ["devices"],
        summary: "Cancel devices' updates",
        description:
          "For each device (`id`), its steps not yet done of the jobs named fail as cancelled. " +
          "Answers the jobs that had something cancelled; 207 with `errors` when some device " +
          "had nothing left to cancel in a job, 404 when none had.",
        body: cancelUpdatesBodySchema,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(z.number().int()) }),
          207: z.object({
            success: z.literal(true),
            data: z.array(z.number().int()),
            errors: z.array(
              z.object({ code: z.string(), source: z.string(), message: z.string() }),
            ),
          }),
        },
      },
      config: write,
    },
    async (request, reply) => {
      const { cancelled, errors } = await cancelUpdates(
        ctx.db,
        app.actions,
        requireAuth(request),
        request.body,
      );
      if (cancelled.length === 0) {
        throw new AppError("NOT_FOUND", "None of these updates is left to cancel.", {
          source: "data",
        });
      }
      if (errors.length > 0) {
        return reply.code(207).send({ success: true as const, data: cancelled, errors });
      }
      return { success: true as const, data: cancelled };
    },
  );

  app.get(
    "/api/devices/actions/jobs/:id",
    {
      schema: {
        tags: ["devices"],
        summary: "An action and where it stands",
        description:
          "Any bulk action with a step on a device of your company tree (its `scheduler_id` or " +
          "`job_id`): its status (running, paused, done, failed), counts, and for a rollout its " +
          "plan and the wave it is in.",
        params: jobIdParamsSchema,
        response: { 200: dataEnvelope(jobSchema) },
      },
      config: { access: { permission: "view_devices", tenant: true, scope: "devices:read" } },
    },
    async (request) => ({
      success: true as const,
      data: await jobInScope(request, request.params.id),
    }),
  );

  app.get(
    "/api/devices/actions/jobs/:id/steps",
    {
      schema: {
        tags: ["devices"],
        summary: "Each device's step of an action",
        description:
          "Where each device is: queued (a later wave, outside its window, or offline), " +
          "sending, downloading, installing, rebooting, done or failed, with the step's message " +
          "(a failure's reason). `state` filters; `limit` and `offset` page.",
        params: jobIdParamsSchema,
        querystring: jobStepsQuerySchema,
        response: { 200: listEnvelope(jobStepSchema) },
      },
      config: { access: { permission: "view_devices", tenant: true, scope: "devices:read" } },
    },
    async (request) => {
      await jobInScope(request, request.params.id);
      const { rows, total } = await app.actions.steps(request.params.id, request.query);
      return {
        success: true as const,
        data: rows.map((row) => ({
          device_id: row.device_id,
          device_name: row.device_name,
          state: row.state as z.infer<typeof jobStepSchema>["state"],
          wave: row.wave,
          message: row.message,
          finished_at: row.finished_at && toRmsDateTime(new Date(row.finished_at)),
        })),
        meta: { total },
      };
    },
  );

  app.put(
    "/api/devices/actions/jobs/:id",
    {
      schema: {
        tags: ["devices"],
        summary: "Pause or resume an action",
        description:
          "`paused`: steps not yet run stay queued (steps already sent to devices finish). " +
          "`running`: a paused action goes on; failures before the resume are not judged " +
          "against a rollout's threshold again. Cancel with `POST /api/devices/actions/cancel`.",
        params: jobIdParamsSchema,
        body: jobUpdateBodySchema,
        response: { 200: dataEnvelope(jobSchema) },
      },
      config: write,
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id } = request.params;
      await jobInScope(request, id);
      const changed =
        request.body.status === "paused"
          ? await app.actions.pause(id, `Paused by ${auth.user.email}`)
          : await app.actions.resume(id);
      if (!changed) {
        throw new AppError(
          "CONFLICT",
          request.body.status === "paused"
            ? "The action is not running."
            : "The action is not paused.",
          { source: "status" },
        );
      }
      return { success: true as const, data: await jobInScope(request, id) };
    },
  );

  app.get(
    `${DOWNLOAD_PATH}/:token`,
    {
      schema: {
        tags: ["devices"],
        summary: "A device downloads its update's file",
        description:
          "The one-time URL of a firmware or configuration task: the file's bytes, once. " +
          "A used link, or one of an update that ended, answers 410.",
        params: z.object({ token: z.string().min(16).max(64) }),
      },
      config: { access: { public: true }, rateLimit: DOWNLOAD_LIMIT },
    },
    async (request, reply) => {
      const fileId = await deviceTasksRepo(ctx.db).takeDownload(request.params.token);
      const file = fileId === undefined ? undefined : await filesRepo(ctx.db).byId(fileId);
      if (!file) throw new AppError("GONE", GONE);
      return reply
        .type("application/octet-stream")
        .header("content-length", file.fileSize)
        .header("cache-control", "no-store")
        .send(store.open(file.storageKey));
    },
  );
}
