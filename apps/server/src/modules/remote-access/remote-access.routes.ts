import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  remoteAccessListItemSchema,
  remoteAccessListQuerySchema,
} from "@netfleet/contracts/schemas/remote-access";
import { okList } from "../../lib/envelope";
import {
  checkListQuery,
  parseIdList,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";

const searchable = ["name", "protocol", "device_name"];
const sortable = ["id", "name", "protocol", "device_name", "created_at"];

export async function remoteAccessRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/api/devices/remote-access",
    {
      schema: {
        tags: ["remote access"],
        summary: "List remote access configurations of your devices",
        description: searchableListDescription(searchable),
        querystring: remoteAccessListQuerySchema,
        response: { 200: projectableListEnvelope(remoteAccessListItemSchema) },
      },
      config: {
        access: { permission: "view_device_remote_access", tenant: true, scope: "remote:read" },
      },
    },
    async (request) => {
      checkListQuery(request.query, { searchable, sortable });
      parseIdList(request.query.device_id, "device_id");
      // Remote access configurations arrive with the remote access capability; until then
      // the list exists, checks its query and permission, and is empty.
      return okList([], 0);
    },
  );
}
