import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, listEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  currentUserResponseSchema,
  userListItemSchema,
  userListQuerySchema,
  userMoveBodySchema,
  userMoveLogQuerySchema,
  userMoveLogSchema,
  userSchema,
  userUpdateBodySchema,
} from "@netfleet/contracts/schemas/users";
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
import { userMoveLogsRepo } from "./user-move-logs.repo";
import {
  presentCurrentUser,
  presentUser,
  presentUserListItem,
  presentUserMoveLog,
} from "./users.presenter";
import { usersRepo, userSearchable } from "./users.repo";
import { changeUserRole, deleteUser, moveUsers, noSuchUser } from "./users.service";

const userParams = z.object({ id: idParamSchema });
const read = (permission: "view_users" | "view_user_move_logs") =>
  ({ permission, tenant: true, scope: "users:read" }) as const;
const write = (permission: "update_users" | "delete_users") =>
  ({ permission, tenant: true, scope: "users:write" }) as const;

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
      config: { access: read("view_users") },
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
  app.get(
    "/api/users/move-logs",
    {
      schema: {
        tags: ["users"],
        summary: "Who moved which user of your company tree to which company, and when",
        description:
          "A move shows when both companies are in your tree. `q` matches the e-mails and company names; `meta.total` counts every match.",
        querystring: userMoveLogQuerySchema,
        response: { 200: listEnvelope(userMoveLogSchema) },
      },
      config: { access: read("view_user_move_logs") },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { query } = request;
      const company =
        query.company_id === undefined
          ? undefined
          : await companyInScope(ctx.db, auth, query.company_id);
      const { rows, total } = await userMoveLogsRepo(ctx.db).list(auth.tenant, query, {
        userId: query.user_id,
        companyId: company?.id,
      });
      return okList(rows.map(presentUserMoveLog), total);
    },
  );

  app.post(
    "/api/users/move",
    {
      schema: {
        tags: ["users"],
        summary: "Move users to another company of your tree",
        description:
          "All the users move or none; each move is logged (`GET /api/users/move-logs`). A user keeps the role, so a custom role must belong to the new company or one of its parents.",
        body: userMoveBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: write("update_users") },
    },
    async (request) => {
      await moveUsers(ctx, requireAuth(request), request.body);
      return okMessage(
        request.body.user_ids.length > 1 ? "Users moved successfully" : "User moved successfully",
      );
    },
  );

  app.get(
    "/api/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "One user of your company tree",
        params: userParams,
        response: { 200: dataEnvelope(userSchema) },
      },
      config: { access: read("view_users") },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await usersRepo(ctx.db).findProfile(request.params.id, auth.tenant);
      if (!row) throw noSuchUser();
      return ok(presentUser(row));
    },
  );

  app.put(
    "/api/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "Change a user's role",
        description:
          "`role` is a role id or name the caller may give a user of that company (`GET /api/roles?grantable=true`). The user's next request already has the new role's permissions.",
        params: userParams,
        body: userUpdateBodySchema,
        response: { 200: dataEnvelope(userSchema) },
      },
      config: { access: write("update_users") },
    },
    async (request) => {
      const auth = requireAuth(request);
      await changeUserRole(ctx, auth, request.params.id, request.body.role);
      const row = await usersRepo(ctx.db).findProfile(request.params.id, auth.tenant);
      if (!row) throw noSuchUser();
      return ok(presentUser(row), "User updated successfully");
    },
  );

  app.delete(
    "/api/users/:id",
    {
      schema: {
        tags: ["users"],
        summary: "Delete a user",
        description:
          "Password-confirmed. The user's sessions and access tokens stop working at once. Nobody deletes their own account here, nor a user holding permissions they lack.",
        params: userParams,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: write("delete_users"), sensitive: { password: true } },
    },
    async (request) => {
      await deleteUser(ctx, requireAuth(request), request.params.id);
      return okMessage("User deleted successfully");
    },
  );
}
