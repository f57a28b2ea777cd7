import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataEnvelope, listEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  ROLE_MESSAGES,
  permissionCatalogue,
  permissionSchema,
  roleCreateBodySchema,
  roleDetailSchema,
  roleListQuerySchema,
  roleSchema,
  rolePermissionsQuerySchema,
  rolesPermissionsUpdateBodySchema,
  roleUpdateBodySchema,
} from "@netfleet/contracts/schemas/roles";
import { isUniqueViolation } from "../../db/errors";
import type { TenantScope } from "../../db/tenancy";
import { ok, okList, okMessage } from "../../lib/envelope";
import { searchableListDescription } from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { companyInScope } from "../companies/companies.service";
import { presentPermissions, presentRole, presentRoleDetail } from "./roles.presenter";
import { roleSearchable, rolesRepo, type RoleValues } from "./roles.repo";
import {
  assertAssignable,
  deleteRole,
  editableRole,
  grantableRoles,
  isForeignKeyViolation,
  roleCompanies,
} from "./roles.service";

const roleIdParams = z.object({ id: idParamSchema });

const noSuchRole = () => new AppError("NOT_FOUND", "No such role.");

/**
 * The index decides between two requests naming roles alike at once, not a prior look-up;
 * a company deleted meanwhile answers as one that never was.
 */
async function guardedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError("CONFLICT", ROLE_MESSAGES.duplicateName, { source: "name" });
    }
    if (isForeignKeyViolation(err)) {
      throw new AppError("NOT_FOUND", "No such company.", { source: "company_id" });
    }
    throw err;
  }
}

/**
 * Fixed roles and the custom roles of the caller's company tree: the list, one role with its
 * permissions, the permission catalogue, and creating, changing and deleting custom roles.
 * A role's permissions are read on every request (plugins/auth.ts through
 * accountsRepo.loadAuthUser), so a change reaches its holders on their next call.
 */
export async function rolesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  /** A role of the caller's tree as answered, with its permissions. */
  async function answerRole(tenant: TenantScope, id: number) {
    const repo = rolesRepo(ctx.db);
    const row = await repo.find(tenant, id);
    if (!row) throw noSuchRole();
    return presentRoleDetail(row, await repo.permissionsOf(id));
  }

  app.get(
    "/api/roles",
    {
      schema: {
        tags: ["roles"],
        summary: "List the fixed roles and the custom roles of your company tree",
        description: searchableListDescription(
          Object.keys(roleSearchable),
          "Sort by id, name, title, company_name, permissions_count, created_at or updated_at. `users_count` counts holders inside your tree only.",
        ),
        querystring: roleListQuerySchema,
        response: { 200: listEnvelope(roleSchema) },
      },
      config: { access: { permission: "view_roles", tenant: true, scope: "users:read" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { query } = request;
      const repo = rolesRepo(ctx.db);
      const companyIds =
        query.company_id === undefined
          ? undefined
          : await roleCompanies(ctx.db, auth.tenant, query.company_id);
      const ids = query.grantable
        ? (await grantableRoles(ctx.db, auth, query.company_id)).map((role) => role.id)
        : undefined;
      const { rows, total } = await repo.list(auth.tenant, query, {
        companyIds,
        type: query.type,
        ids,
      });
      const permissions = await repo.permissionsOfMany(rows.map((row) => row.role.id));
      return okList(
        rows.map((row) => presentRole(row, permissions.get(row.role.id) ?? [])),
        total,
      );
    },
  );

  app.get(
    "/api/roles/permissions",
    {
      schema: {
        tags: ["roles"],
        summary: "Every permission a role can grant, by category",
        description:
          "The role permissions table and the user menu's User permissions draw from it. `system` permissions belong to the fixed System Administrator role only.",
        response: { 200: listEnvelope(permissionSchema) },
      },
      config: {
        access: {
          permission: ["view_permissions", "view_roles"],
          tenant: false,
          scope: "users:read",
        },
      },
    },
    async () => {
      const catalogue = permissionCatalogue();
      return okList(catalogue, catalogue.length);
    },
  );

  app.put(
    "/api/roles/permissions",
    {
      schema: {
        tags: ["roles"],
        summary: "Give several custom roles the same permission set",
        description:
          "`permissions` replaces each role's set; every role must be a custom role of your tree, and the set a subset of your own permissions.",
        body: rolesPermissionsUpdateBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { permission: "create_roles", tenant: true, scope: "users:write" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { role_id: roleIds, permissions } = request.body;
      for (const id of roleIds) await editableRole(ctx.db, auth, id, "role_id");
      assertAssignable(auth.permissions, permissions);
      await ctx.db.transaction(async (tx) => {
        for (const id of new Set(roleIds)) {
          // Deleted since it was checked: nothing of the change is kept.
          if (!(await rolesRepo(tx).updateCustom(id, {}, permissions))) {
            throw new AppError("NOT_FOUND", "No such role.", { source: "role_id" });
          }
        }
      });
      return okMessage("Roles updated successfully");
    },
  );

  app.post(
    "/api/roles",
    {
      schema: {
        tags: ["roles"],
        summary: "Create a custom role in a company of your tree",
        description:
          "The role may grant only permissions you hold (others answer 422 naming them). A company's role names are unique: a second one answers 409 with source `name`.",
        body: roleCreateBodySchema,
        response: { 200: dataEnvelope(roleDetailSchema) },
      },
      config: { access: { permission: "create_roles", tenant: true, scope: "users:write" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { body } = request;
      const company = await companyInScope(ctx.db, auth, body.company_id);
      assertAssignable(auth.permissions, body.permissions);
      const id = await guardedWrite(() =>
        ctx.db.transaction((tx) =>
          rolesRepo(tx).createCustom({
            name: body.name,
            title: body.title,
            description: body.description ?? "",
            companyId: company.id,
            permissions: body.permissions,
          }),
        ),
      );
      return ok(await answerRole(auth.tenant, id), "Role created successfully");
    },
  );

  app.get(
    "/api/roles/:id",
    {
      schema: {
        tags: ["roles"],
        summary: "One role with the permissions it grants",
        params: roleIdParams,
        response: { 200: dataEnvelope(roleDetailSchema) },
      },
      config: { access: { permission: "view_roles", tenant: true, scope: "users:read" } },
    },
    async (request) => ok(await answerRole(requireAuth(request).tenant, request.params.id)),
  );

  app.get(
    "/api/roles/:id/permissions",
    {
      schema: {
        tags: ["roles"],
        summary: "The permissions one role grants",
        description: "`q` matches a permission's name or title, case-insensitively.",
        params: roleIdParams,
        querystring: rolePermissionsQuerySchema,
        response: { 200: listEnvelope(permissionSchema) },
      },
      config: { access: { permission: "view_roles", tenant: true, scope: "users:read" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const repo = rolesRepo(ctx.db);
      if (!(await repo.find(auth.tenant, request.params.id))) throw noSuchRole();
      const q = request.query.q?.toLowerCase();
      const items = presentPermissions(await repo.permissionsOf(request.params.id)).filter(
        (p) => !q || p.name.toLowerCase().includes(q) || p.title.toLowerCase().includes(q),
      );
      return okList(items, items.length);
    },
  );

  app.put(
    "/api/roles/:id",
    {
      schema: {
        tags: ["roles"],
        summary: "Change a custom role's name, title, description or permissions",
        description:
          "Only the fields sent change; `permissions` replaces the set, which must stay within your own permissions. Fixed roles answer 422. Holders of the role get the new set on their next request.",
        params: roleIdParams,
        body: roleUpdateBodySchema,
        response: { 200: dataEnvelope(roleDetailSchema) },
      },
      config: { access: { permission: "create_roles", tenant: true, scope: "users:write" } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { body } = request;
      const current = await editableRole(ctx.db, auth, request.params.id);
      if (body.company_id !== undefined && body.company_id !== current.role.companyId) {
        throw new AppError("VALIDATION_FAILED", ROLE_MESSAGES.otherCompany, {
          source: "company_id",
        });
      }
      const repo = rolesRepo(ctx.db);
      // The role after the change may grant nothing its editor lacks.
      assertAssignable(
        auth.permissions,
        body.permissions ?? (await repo.permissionsOf(current.role.id)),
      );
      const values: RoleValues = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.title !== undefined) values.title = body.title;
      if (body.description !== undefined) values.description = body.description;
      const updated = await guardedWrite(() =>
        ctx.db.transaction((tx) =>
          rolesRepo(tx).updateCustom(current.role.id, values, body.permissions),
        ),
      );
      if (!updated) throw noSuchRole();
      return ok(await answerRole(auth.tenant, current.role.id), "Role updated successfully");
    },
  );

  app.delete(
    "/api/roles/:id",
    {
      schema: {
        tags: ["roles"],
        summary: "Delete a custom role nobody holds",
        description:
          "Refused with 422 while users hold the role or open invitations offer it; fixed roles cannot be deleted.",
        params: roleIdParams,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { permission: "create_roles", tenant: true, scope: "users:write" } },
    },
    async (request) => {
      await deleteRole(ctx.db, requireAuth(request), request.params.id);
      return okMessage("Role deleted successfully");
    },
  );
}
