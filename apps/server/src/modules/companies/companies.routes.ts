import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataEnvelope } from "@netfleet/contracts/envelope";
import { companyDataQuerySchema, companyDataSchema } from "@netfleet/contracts/schemas/credits";
import { ok } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { companyInScope } from "./companies.service";

export async function companiesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

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
      config: { access: { permission: "view_company_data_history", scope: "companies:read" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const company = await companyInScope(ctx.db, auth, request.query.company_id);
      return ok({ company_id: company.id, remaining_data: company.remainingData });
    },
  );
}
