import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, listEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  IMAGE_MESSAGES,
  type Image,
  imageListQuerySchema,
  imageSchema,
  imageUpdateBodySchema,
  imageUploadFieldsSchema,
} from "@netfleet/contracts/schemas/images";
import { hasForbiddenCharacters } from "@netfleet/contracts/names";
import { VALIDATION_MESSAGES } from "@netfleet/contracts/validation-messages";
import type { Actor } from "../../lib/actor";
import { ok, okList, okMessage } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { companiesRepo } from "../companies/companies.repo";
import { fileStoreFor } from "./file-store-for";
import { imageKind } from "./image-size";
import { type ImageRow, imagesRepo } from "./images.repo";
import { type ReceivedFile, receiveUpload } from "./upload";

const imageParams = z.object({ id: idParamSchema });
/** Enough of a file to find a JPEG's frame header past its metadata. */
const HEAD_BYTES = 256 * 1024;

function presentImage(row: ImageRow): Image {
  return {
    id: row.id,
    company_id: row.companyId,
    user_id: row.userId,
    name: row.name,
    description: row.description,
    type: row.type as Image["type"],
    size: row.size,
    original_width: row.width,
    original_height: row.height,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Images for device dashboards (RMS API v3 `/images`): JPEG or PNG as their bytes say, at
 * most 5 MB (413 as soon as an upload passes it) and 2048 × 1080 pixels, per company of
 * the caller's tree; the list, one image's bytes, a new description, deletion.
 */
export async function imagesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const store = fileStoreFor(ctx.env, app.log);
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 7 },
  });
  const read = {
    access: { permission: "view_images", tenant: true, scope: "files:read" },
  } as const;
  const write = {
    access: { permission: "upload_files", tenant: true, scope: "files:write" },
  } as const;

  async function visibleImage(actor: Actor, id: number): Promise<ImageRow> {
    const row = await imagesRepo(ctx.db).find(actor.tenant, id);
    if (!row) throw new AppError("NOT_FOUND", IMAGE_MESSAGES.unknownImage);
    return row;
  }

  app.get(
    "/api/images",
    {
      schema: {
        tags: ["images"],
        summary: "List the images of your company tree",
        description:
          "Newest first; `company_id` narrows to one company, `limit` and `offset` page.",
        querystring: imageListQuerySchema,
        response: { 200: listEnvelope(imageSchema) },
      },
      config: read,
    },
    async (request) => {
      const { rows, total } = await imagesRepo(ctx.db).list(
        requireAuth(request).tenant,
        request.query,
      );
      return okList(rows.map(presentImage), total);
    },
  );

  app.post(
    "/api/images",
    {
      schema: {
        tags: ["images"],
        summary: "Upload an image",
        description:
          "multipart/form-data: `image` (JPEG or PNG, at most 5 MB and 2048 × 1080 pixels), " +
          "`company_id` (a company of your tree), `type` (device_dashboard) and optionally " +
          "`description` (up to 255 characters).",
        response: { 201: dataEnvelope(imageSchema) },
      },
      config: write,
    },
    async (request, reply) => {
      const actor = requireAuth(request);
      const image = await receiveUpload(
        request,
        store,
        { field: "image", tooLarge: IMAGE_MESSAGES.tooLarge, fields: imageUploadFieldsSchema },
        (fields, stored) => record(actor, fields, stored),
      );
      return reply.code(201).send(ok(presentImage(image), "Image uploaded"));
    },
  );

  async function record(
    actor: Actor,
    fields: z.infer<typeof imageUploadFieldsSchema>,
    stored: ReceivedFile | undefined,
  ) {
    if (!stored || stored.size === 0) {
      throw new AppError("VALIDATION_FAILED", IMAGE_MESSAGES.noImage, { source: "image" });
    }
    if (hasForbiddenCharacters(stored.name) || stored.name.trim() === "") {
      throw new AppError("VALIDATION_FAILED", VALIDATION_MESSAGES.fileName, { source: "image" });
    }
    const kind = imageKind(await store.head(stored.key, HEAD_BYTES));
    if (!kind)
      throw new AppError("VALIDATION_FAILED", IMAGE_MESSAGES.notImage, { source: "image" });
    if (kind.width > IMAGE_MAX_WIDTH || kind.height > IMAGE_MAX_HEIGHT) {
      throw new AppError("VALIDATION_FAILED", IMAGE_MESSAGES.tooBig, { source: "image" });
    }
    if (!(await companiesRepo(ctx.db).findInScope(actor.tenant, fields.company_id))) {
      throw new AppError("VALIDATION_FAILED", IMAGE_MESSAGES.unknownCompany, {
        source: "company_id",
      });
    }
    return imagesRepo(ctx.db).create({
      companyId: fields.company_id,
      userId: actor.id,
      type: fields.type,
      name: stored.name,
      description: fields.description || null,
      mime: kind.mime,
      size: stored.size,
      width: kind.width,
      height: kind.height,
      storageKey: stored.key,
    });
  }

  app.get(
    "/api/images/:id",
    {
      schema: {
        tags: ["images"],
        summary: "An image's bytes",
        description: "image/png or image/jpeg, as the image is.",
        params: imageParams,
      },
      config: read,
    },
    async (request, reply) => {
      const image = await visibleImage(requireAuth(request), request.params.id);
      return reply
        .type(image.mime)
        .header("content-length", image.size)
        .header("cache-control", "private, max-age=300")
        .send(store.open(image.storageKey));
    },
  );

  app.put(
    "/api/images/:id",
    {
      schema: {
        tags: ["images"],
        summary: "Describe an image",
        params: imageParams,
        body: imageUpdateBodySchema,
        response: { 200: dataEnvelope(imageSchema) },
      },
      config: write,
    },
    async (request) => {
      const actor = requireAuth(request);
      const image = await visibleImage(actor, request.params.id);
      await imagesRepo(ctx.db).setDescription(image.id, request.body.description);
      return ok(presentImage(await visibleImage(actor, image.id)), "Image updated");
    },
  );

  app.delete(
    "/api/images/:id",
    {
      schema: {
        tags: ["images"],
        summary: "Delete an image",
        params: imageParams,
        response: { 200: messageEnvelopeSchema },
      },
      config: write,
    },
    async (request) => {
      const image = await visibleImage(requireAuth(request), request.params.id);
      await imagesRepo(ctx.db).remove(image.id);
      await store.remove(image.storageKey);
      return okMessage("Image deleted");
    },
  );
}
