import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  COMPANY_MESSAGES,
  companyCreateBodySchema,
  companyListItemSchema,
  companyListQuerySchema,
  companyMoveBodySchema,
  companySchema,
  companyUpdateBodySchema,
} from "@netfleet/contracts/schemas/companies";
import { companyDataQuerySchema, companyDataSchema } from "@netfleet/contracts/schemas/credits";
import { ok, okList, okMessage } from "../../lib/envelope";
import {
  parseFields,
  parseIdList,
  project,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { presentCompany, presentCompanyDetail } from "./companies.presenter";
import { companiesRepo, companySearchable } from "./companies.repo";
import {
  companyInScope,
  createCompany,
  deleteCompany,
  findCompany,
  moveCompany,
  updateCompany,
} from "./companies.service";

const companyIdParams = z.object({ id: idParamSchema });
const COUNT_FIELDS = ["devices_count", "users_count", "subsidiaries_count"];

const read = { permission: "view_companies", tenant: true, scope: "companies:read" } as const;
const write = (permission: "create_companies" | "update_companies" | "delete_companies") =>
  ({ permission, tenant: true, scope: "companies:write" }) as const;

/** The company tree of the caller: the list and tree, one company, and changing the tree. */
export async function companiesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/companies",
    {
      schema: {
        tags: ["companies"],
        summary: "List your company and its subsidiaries",
        description: searchableListDescription(
          Object.keys(companySearchable),
          [
            "`sort` also accepts RMS's `company_name` and `device_count`.",
            "`sort=tree` orders the rows as the tree view shows them: each company right after its parent, siblings by name; page through it with `limit` and `offset`.",
          ].join("\n\n"),
        ),
        querystring: companyListQuerySchema,
        response: { 200: projectableListEnvelope(companyListItemSchema) },
      },
      config: { access: read },
    },
    async (request) => {
      const { query } = request;
      const fields = parseFields(query.fields);
      const { rows, total } = await companiesRepo(ctx.db).list(
        requireAuth(request).tenant,
        query,
        { ids: parseIdList(query.id, "id"), parentIds: parseIdList(query.parent_id, "parent_id") },
        !fields || COUNT_FIELDS.some((field) => fields.has(field)),
      );
      return okList(
        rows.map((row) => project(presentCompany(row), fields)),
        total,
      );
    },
  );

  app.post(
    "/api/companies",
    {
      schema: {
        tags: ["companies"],
        summary: "Create a subsidiary of a company of your tree",
        description:
          "The parent must be a company of level 1 or 2 in your tree (404 outside it, 422 at level 3). `show_payment` may be sent only by a user of a top-level company (403 otherwise); it is false unless sent, and the new company of anyone else takes its parent's.",
        body: companyCreateBodySchema,
        response: { 201: dataEnvelope(companySchema) },
      },
      config: { access: write("create_companies") },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = await createCompany(ctx.db, auth, request.body);
      const row = await findCompany(ctx.db, auth, id);
      return reply.status(201).send(ok(presentCompanyDetail(row), COMPANY_MESSAGES.created));
    },
  );

  app.post(
    "/api/companies/move",
    {
      schema: {
        tags: ["companies"],
        summary: "Make a company a subsidiary of another",
        description:
          "Both companies must be in your tree (404 otherwise, `source` naming which). Refused with 422: your own company, a target that is the company itself or one of its subsidiaries, its current parent, or a target that would put any company of the moved subtree below level 3. Answers the moved company.",
        body: companyMoveBodySchema,
        response: { 200: dataEnvelope(companySchema) },
      },
      config: { access: write("update_companies") },
    },
    async (request) => {
      const auth = requireAuth(request);
      await moveCompany(ctx.db, auth, request.body);
      const row = await findCompany(ctx.db, auth, request.body.source);
      return ok(presentCompanyDetail(row), COMPANY_MESSAGES.moved);
    },
  );

  app.get(
    "/api/companies/:id",
    {
      schema: {
        tags: ["companies"],
        summary: "One company of your tree",
        params: companyIdParams,
        response: { 200: dataEnvelope(companySchema) },
      },
      config: { access: read },
    },
    async (request) => {
      const row = await findCompany(ctx.db, requireAuth(request), request.params.id);
      return ok(presentCompanyDetail(row));
    },
  );

  app.put(
    "/api/companies/:id",
    {
      schema: {
        tags: ["companies"],
        summary: "Rename a company or change its e-mail",
        description:
          "`email` left out keeps the current one, null clears it. A body that changes nothing answers 422 with source `name`.",
        params: companyIdParams,
        body: companyUpdateBodySchema,
        response: { 200: dataEnvelope(companySchema) },
      },
      config: { access: write("update_companies") },
    },
    async (request) => {
      const auth = requireAuth(request);
      await updateCompany(ctx.db, auth, request.params.id, request.body);
      const row = await findCompany(ctx.db, auth, request.params.id);
      return ok(presentCompanyDetail(row), COMPANY_MESSAGES.updated);
    },
  );

  app.delete(
    "/api/companies/:id",
    {
      schema: {
        tags: ["companies"],
        summary: "Delete an empty company",
        description:
          "Asks a browser session for the password (423). Refused with 409 for your own company and for one that still has devices, users or subsidiaries; `meta` then counts them. Its tags, roles and invitations go with it.",
        params: companyIdParams,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: write("delete_companies"), sensitive: { password: true } },
    },
    async (request) => {
      await deleteCompany(ctx.db, requireAuth(request), request.params.id);
      return okMessage(COMPANY_MESSAGES.deleted);
    },
  );

  app.get(
    "/api/companies/data",
    {
      schema: {
        tags: ["companies"],
        summary: "Company data remaining, in bytes",
        description: "Your own company unless `company_id` names another one in your tree.",
        querystring: companyDataQuerySchema,
        response: { 200: dataEnvelope(companyDataSchema) },
      },
      // The company-data figure of the resource summary (decision D6).
      config: {
        access: { permission: "view_company_data_history", tenant: true, scope: "companies:read" },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const company = await companyInScope(ctx.db, auth, request.query.company_id);
      return ok({ company_id: company.id, remaining_data: company.remainingData });
    },
  );
}
