import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  currentUserResponseSchema,
  userListItemSchema,
  userListQuerySchema,
} from "@netfleet/contracts/schemas/users";
import { okList } from "../../lib/envelope";
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
import { presentCurrentUser, presentUserListItem } from "./users.presenter";
import { usersRepo, userSearchable } from "./users.repo";

export async function usersRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/user",
    {
      schema: {
        tags: ["users"],
        summary: "The signed-in user",
        description: "User fields sit at the top level, as in RMS API v3, and under `data`.",
        response: { 200: currentUserResponseSchema },
      },
      // Any valid token may read its own user, whatever its scopes.
      config: { access: { permission: null, tenant: false, bearer: true } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await usersRepo(ctx.db).findProfile(auth.user.id);
      if (!row) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
      const user = presentCurrentUser(row, auth);
      return { success: true as const, ...user, data: user };
    },
  );

  app.get(
    "/api/users",
    {
      schema: {
        tags: ["users"],
        summary: "List users of your company and its subsidiaries",
        description: searchableListDescription(
          Object.keys(userSearchable),
          "The `name` search field matches first name, last name and both together.",
        ),
        querystring: userListQuerySchema,
        response: { 200: projectableListEnvelope(userListItemSchema) },
      },
      config: { access: { permission: "view_users", tenant: true, scope: "users:read" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { query } = request;
      // A company outside the caller's tree answers 404, as if it did not exist.
      const company =
        query.company_id === undefined
          ? undefined
          : await companyInScope(ctx.db, auth, query.company_id);
      const { rows, total } = await usersRepo(ctx.db).list(auth.tenant, query, {
        ids: parseIdList(query.id, "id"),
        companyId: company?.id,
      });
      const fields = parseFields(query.fields);
      return okList(
        rows.map((row) => project(presentUserListItem(row), fields)),
        total,
      );
    },
  );
}
