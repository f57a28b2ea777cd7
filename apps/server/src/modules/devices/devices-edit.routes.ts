import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  deviceListItemSchema,
  deviceTagsBodySchema,
  deviceUpdateBodySchema,
} from "@netfleet/contracts/schemas/devices";
import { ok, okMessage } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
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

const TAG_RULES =
  "Devices and tags must belong to your company tree, and a tag goes only on devices of its " +
  "own company or of the companies below it; otherwise nothing is changed. The changes run " +
  "as an action, a step per device: progress is pushed as ActionStatusUpdated on " +
  "`meta.channel`, and each step checks its device and tags again when it runs.";

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
}
