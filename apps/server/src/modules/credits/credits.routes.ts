import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataEnvelope } from "@netfleet/contracts/envelope";
import {
  type CreditsSummary,
  creditsSummaryQuerySchema,
  creditsSummarySchema,
} from "@netfleet/contracts/schemas/credits";
import { ok } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { companyInScope } from "../companies/companies.service";
import { type CreditBalanceRow, creditsRepo } from "./credits.repo";

function presentSummary(companyId: number, rows: CreditBalanceRow[]): CreditsSummary {
  return {
    company_id: companyId,
    credits: {
      left: rows.map((r) => ({
        credit_type_id: r.creditTypeId,
        credit_type: r.code,
        credits_left: r.creditsLeft,
        credit_type_name: r.name,
        payment_type: r.paymentType,
      })),
      total: rows.map((r) => ({ credit_type: r.code, credits_count: r.creditsCount })),
    },
  };
}

export async function creditsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/credits/summary",
    {
      schema: {
        tags: ["credits"],
        summary: "Credits left by type",
        description: "Your own company unless `company_id` names another one in your tree.",
        querystring: creditsSummaryQuerySchema,
        response: { 200: dataEnvelope(creditsSummarySchema) },
      },
      config: {
        access: { permission: "view_credits_summary", tenant: true, scope: "credits:read" },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const company = await companyInScope(ctx.db, auth, request.query.company_id);
      return ok(presentSummary(company.id, await creditsRepo(ctx.db).balances(company.id)));
    },
  );
}
