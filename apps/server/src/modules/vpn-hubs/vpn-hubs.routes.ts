import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { vpnHubListItemSchema, vpnHubListQuerySchema } from "@netfleet/contracts/schemas/vpn-hubs";
import { okList } from "../../lib/envelope";
import {
  checkListQuery,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { companyInScope } from "../companies/companies.service";

const searchable = ["name", "description"];
const sortable = ["id", "name", "enabled", "company_name", "created_at"];

export async function vpnHubsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/vpn/hubs",
    {
      schema: {
        tags: ["vpn"],
        summary: "List VPN hubs of your company and its subsidiaries",
        description: searchableListDescription(searchable),
        querystring: vpnHubListQuerySchema,
        response: { 200: projectableListEnvelope(vpnHubListItemSchema) },
      },
      config: { access: { permission: "view_vpn_hubs", tenant: true, scope: "vpn:read" } },
    },
    async (request) => {
      checkListQuery(request.query, { searchable, sortable });
      if (request.query.company_id !== undefined)
        await companyInScope(ctx.db, requireAuth(request), request.query.company_id);
      // VPN hubs arrive with the VPN capability; until then the list exists, checks its
      // query and permission, and is empty.
      return okList([], 0);
    },
  );
}
