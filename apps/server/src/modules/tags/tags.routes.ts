import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  TAG_MESSAGES,
  tagCreateBodySchema,
  tagListItemSchema,
  tagListQuerySchema,
  tagUpdateBodySchema,
} from "@netfleet/contracts/schemas/tags";
import { ok, okList, okMessage } from "../../lib/envelope";
import {
  parseFields,
  parseIdList,
  project,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { companyInScope } from "../companies/companies.service";
import { presentTag } from "./tags.presenter";
import { isUniqueViolation } from "../../db/errors";
import { tagSearchable, tagsRepo, type TagValues } from "./tags.repo";

const tagIdParams = z.object({ id: idParamSchema });

const noSuchTag = () => new AppError("NOT_FOUND", "No such tag.");
const duplicateName = () =>
  new AppError("CONFLICT", TAG_MESSAGES.duplicateName, { source: "name" });

/** The index decides between two requests naming tags alike at once, not a prior look-up. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName();
    throw err;
  }
}

/** The fields a body sets; an empty description is stored as none. */
function tagValues(body: { name?: string; description?: string | null; color?: string | null }) {
  const values: TagValues = {};
  if (body.name !== undefined) values.name = body.name;
  if (body.description !== undefined) values.description = body.description || null;
  if (body.color !== undefined) values.color = body.color;
  return values;
}

/** Tags of the caller's company tree: the list, and creating, changing and deleting one. */
export async function tagsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/tags",
    {
      schema: {
        tags: ["tags"],
        summary: "List tags of your company and its subsidiaries",
        description: searchableListDescription(
          Object.keys(tagSearchable),
          "`actions` comes back whatever `fields` says: the console's search asks for columns only, yet marks tags that have actions.",
        ),
        querystring: tagListQuerySchema,
        response: { 200: projectableListEnvelope(tagListItemSchema) },
      },
      config: { access: { permission: "view_tags", tenant: true, scope: "tags:read" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { query } = request;
      // A company outside the caller's tree answers 404, as if it did not exist.
      const company =
        query.company_id === undefined
          ? undefined
          : await companyInScope(ctx.db, auth, query.company_id);
      const { rows, total } = await tagsRepo(ctx.db).list(auth.tenant, query, {
        ids: parseIdList(query.id, "id"),
        companyId: company?.id,
      });
      const fields = parseFields(query.fields);
      return okList(
        rows.map((row) => project(presentTag(row), fields, ["id", "actions"])),
        total,
      );
    },
  );
  app.post(
    "/api/tags",
    {
      schema: {
        tags: ["tags"],
        summary: "Create a tag in a company of your tree",
        description:
          "A company's tag names are unique: a second one answers 409 with source `name`.",
        body: tagCreateBodySchema,
        response: { 201: dataEnvelope(tagListItemSchema) },
      },
      config: { access: { permission: "create_tags", tenant: true, scope: "tags:write" } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const company = await companyInScope(ctx.db, auth, request.body.company_id);
      const id = await uniqueName(() =>
        tagsRepo(ctx.db).create(company.id, {
          ...tagValues(request.body),
          name: request.body.name,
        }),
      );
      const row = await tagsRepo(ctx.db).find(auth.tenant, id);
      if (!row) throw noSuchTag();
      return reply.status(201).send(ok(presentTag(row), "Tag created successfully"));
    },
  );

  app.get(
    "/api/tags/:id",
    {
      schema: {
        tags: ["tags"],
        summary: "One tag of your company tree",
        params: tagIdParams,
        response: { 200: dataEnvelope(tagListItemSchema) },
      },
      config: { access: { permission: "view_tags", tenant: true, scope: "tags:read" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await tagsRepo(ctx.db).find(auth.tenant, request.params.id);
      if (!row) throw noSuchTag();
      return ok(presentTag(row));
    },
  );

  app.put(
    "/api/tags/:id",
    {
      schema: {
        tags: ["tags"],
        summary: "Change a tag's name, description or colour",
        description:
          "Only the fields sent change; null clears the description or colour. A tag stays in its company: a different `company_id` answers 422.",
        params: tagIdParams,
        body: tagUpdateBodySchema,
        response: { 200: dataEnvelope(tagListItemSchema) },
      },
      config: { access: { permission: "update_tags", tenant: true, scope: "tags:write" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const repo = tagsRepo(ctx.db);
      const current = await repo.find(auth.tenant, request.params.id);
      if (!current) throw noSuchTag();
      const { company_id: companyId } = request.body;
      if (companyId !== undefined && companyId !== current.tag.companyId) {
        throw new AppError("VALIDATION_FAILED", TAG_MESSAGES.otherCompany, {
          source: "company_id",
        });
      }
      const changed = await uniqueName(() =>
        repo.update(auth.tenant, current.tag.id, tagValues(request.body)),
      );
      const row = changed ? await repo.find(auth.tenant, current.tag.id) : undefined;
      if (!row) throw noSuchTag();
      return ok(presentTag(row), "Tag updated successfully");
    },
  );

  app.delete(
    "/api/tags/:id",
    {
      schema: {
        tags: ["tags"],
        summary: "Delete a tag",
        params: tagIdParams,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { permission: "delete_tags", tenant: true, scope: "tags:write" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (!(await tagsRepo(ctx.db).delete(auth.tenant, request.params.id))) throw noSuchTag();
      return okMessage("Tag deleted successfully");
    },
  );
}
