import { and, count, eq, gt, inArray, isNull, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { FIXED_ROLE_LIST } from "@netfleet/contracts/roles";
import type { RoleListQuery } from "@netfleet/contracts/schemas/roles";
import type { Db } from "../../db/client";
import { companies, invitations, rolePermissions, roles, users } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { listOrder, pageIsEmpty, searchCondition } from "../../lib/list-query";

/** A role as answers name it: `/api/user`'s `role` has exactly these fields. */
export const roleSummaryColumns = { id: roles.id, name: roles.name, title: roles.title };

const permissionsCount =
  sql<number>`(select count(*) from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id})`.mapWith(
    Number,
  );

/** Users of the caller's tree holding the role: a fixed role's holders elsewhere stay unseen. */
function usersCount(scope: TenantScope) {
  const tenant = inTenant(scope, users.companyId);
  return sql<number>`(select count(*) from ${users} where ${users.roleId} = ${roles.id}${
    tenant ? sql` and ${tenant}` : sql``
  })`.mapWith(Number);
}

const sortable = {
  id: roles.id,
  name: roles.name,
  title: roles.title,
  company_name: companies.name,
  permissions_count: permissionsCount,
  created_at: roles.createdAt,
  updated_at: roles.updatedAt,
};

/** What `q` matches. */
export const roleSearchable = { name: [roles.name], title: [roles.title] };

/** The roles a caller sees: the fixed ones and the custom roles of companies of its tree. */
export function visibleRoles(scope: TenantScope): SQL | undefined {
  return scope.global ? undefined : or(isNull(roles.companyId), inTenant(scope, roles.companyId));
}

export interface RoleListFilters {
  /** Custom roles of these companies only (fixed roles still come unless `type` says not). */
  companyIds: number[] | undefined;
  type: RoleListQuery["type"];
  /** Only these roles. */
  ids: number[] | undefined;
}

export interface RoleValues {
  name?: string;
  title?: string;
  description?: string;
}

/** Roles and the permissions they grant. Pass a transaction to run calls inside it. */
export function rolesRepo(db: Db) {
  const select = (scope: TenantScope) =>
    db
      .select({
        role: roles,
        companyName: companies.name,
        permissionsCount,
        usersCount: usersCount(scope),
      })
      .from(roles)
      .leftJoin(companies, eq(companies.id, roles.companyId));

  /** Replaces a role's permission set. Run inside a transaction. */
  async function setPermissions(roleId: number, permissions: readonly string[]) {
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    if (permissions.length > 0) {
      await db
        .insert(rolePermissions)
        .values(permissions.map((permission) => ({ roleId, permission })));
    }
  }

  /** The permissions of several roles at once, by role id. */
  async function permissionsOfMany(roleIds: number[]): Promise<Map<number, string[]>> {
    const byRole = new Map<number, string[]>();
    if (roleIds.length === 0) return byRole;
    const rows = await db
      .select()
      .from(rolePermissions)
      .where(inArray(rolePermissions.roleId, roleIds));
    for (const row of rows) {
      const list = byRole.get(row.roleId) ?? [];
      list.push(row.permission);
      byRole.set(row.roleId, list);
    }
    return byRole;
  }

  return {
    /**
     * Brings the fixed roles in line with contracts/roles.ts, so the permission sets the
     * code documents are the ones the database enforces. Run inside a transaction.
     */
    async syncFixed() {
      for (const role of FIXED_ROLE_LIST) {
        await db
          .insert(roles)
          .values({
            id: role.id,
            name: role.name,
            title: role.title,
            description: role.description,
            companyId: null,
            isDefault: true,
            globalScope: role.globalScope,
          })
          .onConflictDoUpdate({
            target: roles.id,
            set: {
              name: role.name,
              title: role.title,
              description: role.description,
              isDefault: true,
              globalScope: role.globalScope,
            },
          });
      }
      const ids = FIXED_ROLE_LIST.map((r) => r.id);
      await db.delete(rolePermissions).where(inArray(rolePermissions.roleId, ids));
      await db
        .insert(rolePermissions)
        .values(
          FIXED_ROLE_LIST.flatMap((r) =>
            r.permissions.map((permission) => ({ roleId: r.id, permission })),
          ),
        );
    },

    /** One page of the roles the caller sees, and how many match in all. */
    async list(scope: TenantScope, query: RoleListQuery, filters: RoleListFilters) {
      const where = and(
        visibleRoles(scope),
        searchCondition(query, roleSearchable),
        filters.type === "default" ? isNull(roles.companyId) : undefined,
        filters.type === "custom" ? isNotNull(roles.companyId) : undefined,
        filters.companyIds &&
          or(isNull(roles.companyId), inArray(roles.companyId, filters.companyIds)),
        filters.ids && inArray(roles.id, filters.ids),
      );
      const [counted] = await db.select({ total: count() }).from(roles).where(where);
      const total = counted?.total ?? 0;
      // Fixed roles first, in their documented order, then the companies' own.
      const order = listOrder(query.sort, sortable, [{ column: roles.id }], total);
      if (pageIsEmpty(query, total)) return { rows: [], total };
      const rows = await select(scope)
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total };
    },

    /** One role the caller sees, or undefined. */
    async find(scope: TenantScope, id: number) {
      const [row] = await select(scope).where(and(eq(roles.id, id), visibleRoles(scope)));
      return row;
    },

    /** Every role the caller sees, with its permissions: what the grant rule chooses from. */
    async allVisible(scope: TenantScope, companyIds: number[] | undefined) {
      const rows = await db
        .select({ id: roles.id, name: roles.name, isDefault: roles.isDefault })
        .from(roles)
        .where(
          and(
            visibleRoles(scope),
            companyIds && or(isNull(roles.companyId), inArray(roles.companyId, companyIds)),
          ),
        );
      const granted = await permissionsOfMany(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, permissions: granted.get(r.id) ?? [] }));
    },

    /** The ancestry path of a company of the caller's tree ("1/5/9/"), or undefined. */
    async companyPath(scope: TenantScope, companyId: number): Promise<string | undefined> {
      const [row] = await db
        .select({ path: companies.path })
        .from(companies)
        .where(and(eq(companies.id, companyId), inTenant(scope, companies.id)));
      return row?.path;
    },

    /** A company's own role with its permissions; returns its id. */
    async createCustom(input: {
      name: string;
      title: string;
      description: string;
      companyId: number;
      permissions: readonly string[];
    }): Promise<number> {
      const { permissions, ...values } = input;
      const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
      await setPermissions(row!.id, permissions);
      return row!.id;
    },

    /**
     * Changes a custom role's fields and, when given, replaces its permissions; the fixed
     * roles are left alone. Whether the role was there. Run inside a transaction.
     */
    async updateCustom(
      id: number,
      values: RoleValues,
      permissions: readonly string[] | undefined,
    ): Promise<boolean> {
      // The update locks the row, so the role cannot be deleted before its permissions land.
      const rows = await db
        .update(roles)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(roles.id, id), eq(roles.isDefault, false)))
        .returning({ id: roles.id });
      if (rows.length === 0) return false;
      if (permissions) await setPermissions(id, permissions);
      return true;
    },

    setPermissions,

    /** Deletes a custom role; whether it was there. */
    async deleteCustom(id: number): Promise<boolean> {
      const rows = await db
        .delete(roles)
        .where(and(eq(roles.id, id), eq(roles.isDefault, false)))
        .returning({ id: roles.id });
      return rows.length > 0;
    },

    /** What keeps a role from being deleted: users holding it, open invitations offering it. */
    async holders(roleId: number) {
      const [held] = await db.select({ n: count() }).from(users).where(eq(users.roleId, roleId));
      const [offered] = await db
        .select({ n: count() })
        .from(invitations)
        .where(
          and(
            eq(invitations.roleId, roleId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
            gt(invitations.expiresAt, sql`now()`),
          ),
        );
      return { users: held?.n ?? 0, invitations: offered?.n ?? 0 };
    },

    async permissionsOf(roleId: number): Promise<string[]> {
      const rows = await db
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, roleId));
      return rows.map((r) => r.permission);
    },

    permissionsOfMany,

    async grants(roleId: number, permission: string): Promise<boolean> {
      const [row] = await db
        .select({ roleId: rolePermissions.roleId })
        .from(rolePermissions)
        .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permission, permission)));
      return row !== undefined;
    },
  };
}

export type RoleRow = NonNullable<Awaited<ReturnType<ReturnType<typeof rolesRepo>["find"]>>>;
