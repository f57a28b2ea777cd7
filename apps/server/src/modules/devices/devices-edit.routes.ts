import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import { deviceActionAnswerSchema } from "@netfleet/contracts/schemas/device-activity";
import {
  deviceDeleteBodySchema,
  deviceListItemSchema,
  deviceMoveBodySchema,
  deviceRenameBodySchema,
  deviceTagsBodySchema,
  deviceUpdateBodySchema,
} from "@netfleet/contracts/schemas/devices";
import { ok, okMessage } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { deleteDevices, moveDevices, renameDevices } from "./device-bulk-actions";
import { changeDeviceTags, type TagMode, updateDevice } from "./devices-edit";
import { presentDevice } from "./devices.presenter";

const deviceParams = z.object({ id: idParamSchema });

const TAG_ROUTES: readonly { path: string; mode: TagMode; summary: string; done: string }[] = [
  {
    path: "/api/devices/tags/assign",
    mode: "add",
    summary: "Put tags on devices, keeping the tags they have",
    done: "Device tags are being assigned",
  },
  {
    path: "/api/devices/tags/unassign",
    mode: "remove",
    summary: "Take tags off devices; an empty tag_id takes all of them off",
    done: "Device tags are being unassigned",
  },
  {
    path: "/api/devices/tags/overwrite",
    mode: "replace",
    summary: "Leave devices with exactly these tags; an empty tag_id removes them all",
    done: "Device tags are being overwritten",
  },
];

/** How every bulk action answers and runs. */
const AS_AN_ACTION =
  "Devices are named by `device_id`, or `filter` (the device list's filters, as GET /api/devices " +
  "takes them) selects every device it matches now. A named device outside your company tree " +
  "is answered as one that does not exist, and nothing runs. The work runs as an action, a step " +
  "per device that checks its device again when it runs: progress is pushed as " +
  "ActionStatusUpdated on `meta.channel`, and each device's outcome is kept in its action log " +
  "(GET /api/devices/actions/logs).";

const TAG_RULES =
  "Devices and tags must belong to your company tree, and a tag goes only on devices of its " +
  "own company or of the companies below it; otherwise nothing is changed. The changes run " +
  "as an action, a step per device: progress is pushed as ActionStatusUpdated on " +
  "`meta.channel`, and each step checks its device and tags again when it runs. Instead of " +
  "`data`, `filter` (the device list's filters) with `tag_id` changes every device it matches.";

/** Editing devices: a device's name, description and tags, and tags of many devices at once. */
export async function deviceEditRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.put(
    "/api/devices/:id",
    {
      schema: {
        tags: ["devices"],
        summary: "Edit a device's name, description and tags",
        description: `Only the fields sent change. \`tag_id\` replaces the device's tags. ${TAG_RULES} Answers the device as the list shows it.`,
        params: deviceParams,
        body: deviceUpdateBodySchema,
        response: { 200: dataEnvelope(deviceListItemSchema) },
      },
      config: { access: { permission: "update_devices", tenant: true, scope: "devices:write" } },
    },
    async (request) => {
      const row = await updateDevice(ctx.db, requireAuth(request), request.params.id, request.body);
      return ok(presentDevice(row), "Device updated");
    },
  );

  for (const route of TAG_ROUTES) {
    app.put(
      route.path,
      {
        schema: {
          tags: ["devices"],
          summary: route.summary,
          description: TAG_RULES,
          body: deviceTagsBodySchema,
          response: {
            200: messageEnvelopeSchema.extend({ meta: z.object({ channel: z.string() }) }),
          },
        },
        config: {
          access: { permission: "update_devices", tenant: true, scope: "devices:write" },
        },
      },
      async (request) => {
        const channel = await changeDeviceTags(
          ctx.db,
          app.actions,
          requireAuth(request),
          route.mode,
          request.body,
        );
        return { ...okMessage(route.done), meta: { channel } };
      },
    );
  }

  app.post(
    "/api/devices/move/",
    {
      schema: {
        tags: ["devices"],
        summary: "Move devices to another company of your tree",
        description: `${AS_AN_ACTION} A moved device loses the tags of companies that are not above or at its new one, and its activity records the move.`,
        body: deviceMoveBodySchema,
        response: { 200: deviceActionAnswerSchema },
      },
      config: { access: { permission: "update_devices", tenant: true, scope: "devices:write" } },
    },
    async (request) => {
      const channel = await moveDevices(ctx.db, app.actions, requireAuth(request), request.body);
      return { success: true as const, meta: { channel } };
    },
  );

  app.put(
    "/api/devices/rename",
    {
      schema: {
        tags: ["devices"],
        summary: "Give many devices new names",
        description: `\`data\` names each device and its new name. ${AS_AN_ACTION}`,
        body: deviceRenameBodySchema,
        response: { 200: deviceActionAnswerSchema },
      },
      config: { access: { permission: "update_devices", tenant: true, scope: "devices:write" } },
    },
    async (request) => {
      const channel = await renameDevices(ctx.db, app.actions, requireAuth(request), request.body);
      return { success: true as const, meta: { channel } };
    },
  );

  app.delete(
    "/api/devices",
    {
      schema: {
        tags: ["devices"],
        summary: "Delete devices",
        description: `${AS_AN_ACTION} A deleted device's history goes with it; a device that connects again must enrol anew.`,
        body: deviceDeleteBodySchema,
        response: { 200: deviceActionAnswerSchema },
      },
      config: { access: { permission: "delete_devices", tenant: true, scope: "devices:write" } },
    },
    async (request) => {
      const channel = await deleteDevices(ctx.db, app.actions, requireAuth(request), request.body);
      return { success: true as const, meta: { channel } };
    },
  );
}
