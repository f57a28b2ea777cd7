import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { fileListItemSchema, fileListQuerySchema } from "@netfleet/contracts/schemas/files";
import { okList } from "../../lib/envelope";
import {
  checkListQuery,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";

const searchable = ["name", "description", "version"];
const sortable = ["id", "name", "type", "file_size", "created_at"];

export async function filesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/files",
    {
      schema: {
        tags: ["files"],
        summary: "List firmware and configuration files of your company and its subsidiaries",
        description: searchableListDescription(searchable, "`type` narrows to firmware or config."),
        querystring: fileListQuerySchema,
        response: { 200: projectableListEnvelope(fileListItemSchema) },
      },
      config: { access: { permission: "view_files", tenant: true, scope: "files:read" } },
    },
    async (request) => {
      checkListQuery(request.query, { searchable, sortable });
      // Files arrive with the files capability (uploads, firmware and configuration
      // pushes); until then the list exists, checks its query and permission, and is empty.
      return okList([], 0);
    },
  );
}
