import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { tagListItemSchema, tagListQuerySchema } from "@netfleet/contracts/schemas/tags";
import { okList } from "../../lib/envelope";
import {
  parseFields,
  parseIdList,
  project,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { companyInScope } from "../companies/companies.service";
import { presentTag } from "./tags.presenter";
import { tagSearchable, tagsRepo } from "./tags.repo";

/** The tag list. Creating, changing and deleting tags come with the tags capability. */
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
      config: { access: { permission: "view_tags", scope: "tags:read" } },
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
}
