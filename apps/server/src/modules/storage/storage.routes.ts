import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, listEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { JSON_MAX_DEPTH } from "@netfleet/contracts/schemas/common";
import {
  STORAGE_MAX_KEYS_PER_USER,
  STORAGE_VALUE_MAX_BYTES,
  storageEntrySchema,
  storageKeySchema,
  storageListQuerySchema,
  storagePostSchema,
  storagePutSchema,
} from "@netfleet/contracts/schemas/storage";
import { ok, okList } from "../../lib/envelope";
import { requireAuth, type RouteAccess } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { presentStorageEntry } from "./storage.presenter";
import { storageRepo } from "./storage.repo";
import { createEntry, putEntry } from "./storage.service";

const keyParams = z.object({ key: storageKeySchema });

const limits = `A value is any JSON up to ${STORAGE_VALUE_MAX_BYTES} bytes once serialised, with lists and objects nested at most ${JSON_MAX_DEPTH} deep; a user keeps at most ${STORAGE_MAX_KEYS_PER_USER} keys.`;

/**
 * The console's remote preferences of the user a request acts as (the impersonated user
 * while impersonating). They belong to a browser session, so access tokens are refused.
 */
export async function storageRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ["storage"];
  const access: RouteAccess = { permission: null, tenant: false, session: true };

  app.get(
    "/api/storage",
    {
      schema: {
        tags,
        summary: "Your stored preferences, by key",
        querystring: storageListQuerySchema,
        response: { 200: listEnvelope(storageEntrySchema) },
      },
      config: { access },
    },
    async (request) => {
      const { rows, total } = await storageRepo(ctx.db).list(
        requireAuth(request).user.id,
        request.query,
      );
      return okList(rows.map(presentStorageEntry), total);
    },
  );

  app.put(
    "/api/storage/:key",
    {
      schema: {
        tags,
        summary: "Set a preference, adding it when missing",
        description: `Answers 201 when the key was added, 200 when it was changed. ${limits}`,
        params: keyParams,
        body: storagePutSchema,
        response: { 200: dataEnvelope(storageEntrySchema), 201: dataEnvelope(storageEntrySchema) },
      },
      config: { access },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { value } = request.body;
      const { created } = await putEntry(ctx.db, requireAuth(request).user.id, key, value);
      return reply.status(created ? 201 : 200).send(ok(presentStorageEntry({ key, value })));
    },
  );

  app.post(
    "/api/storage",
    {
      schema: {
        tags,
        summary: "Add a preference; a key you have already is a conflict",
        description: limits,
        body: storagePostSchema,
        response: { 201: dataEnvelope(storageEntrySchema) },
      },
      config: { access },
    },
    async (request, reply) => {
      const { key, value } = request.body;
      await createEntry(ctx.db, requireAuth(request).user.id, key, value);
      return reply.status(201).send(ok(presentStorageEntry({ key, value })));
    },
  );

  app.delete(
    "/api/storage/:key",
    {
      schema: {
        tags,
        summary: "Remove a preference",
        params: keyParams,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access },
    },
    async (request) => {
      const { key } = request.params;
      if (!(await storageRepo(ctx.db).delete(requireAuth(request).user.id, key))) {
        throw new AppError("NOT_FOUND", `No preference named "${key}" is stored.`);
      }
      return { success: true as const };
    },
  );
}
