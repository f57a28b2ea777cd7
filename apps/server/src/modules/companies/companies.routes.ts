import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataEnvelope } from "@netfleet/contracts/envelope";
import {
  companyListItemSchema,
  companyListQuerySchema,
} from "@netfleet/contracts/schemas/companies";
import { companyDataQuerySchema, companyDataSchema } from "@netfleet/contracts/schemas/credits";
import { ok, okList } from "../../lib/envelope";
import {
  parseFields,
  parseIdList,
  project,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { presentCompany } from "./companies.presenter";
import { companiesRepo, companySearchable } from "./companies.repo";
import { companyInScope } from "./companies.service";

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
          "`sort` also accepts RMS's `company_name` and `device_count`.",
        ),
        querystring: companyListQuerySchema,
        response: { 200: projectableListEnvelope(companyListItemSchema) },
      },
      config: { access: { permission: "view_companies", tenant: true, scope: "companies:read" } },
    },
    async (request) => {
      const { query } = request;
      const fields = parseFields(query.fields);
      const { rows, total } = await companiesRepo(ctx.db).list(
        requireAuth(request).tenant,
        query,
        { ids: parseIdList(query.id, "id"), parentIds: parseIdList(query.parent_id, "parent_id") },
        !fields || fields.has("devices_count") || fields.has("users_count"),
      );
      return okList(
        rows.map((row) => project(presentCompany(row), fields)),
        total,
      );
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
