import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { UserListQuery } from "@netfleet/contracts/schemas/users";
import type { Db } from "../../db/client";
import { companies, roles, users } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";
import { listOrder, pageIsEmpty, searchCondition } from "../../lib/list-query";

const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;

/**
 * What `q` matches. E-mail and username have pg_trgm indexes; names are not indexed, which
 * a company's user count keeps affordable.
 */
export const userSearchable = {
  email: [users.email],
  username: [users.username],
  name: [users.firstName, users.lastName, fullName],
};

const sortable = {
  id: users.id,
  email: users.email,
  username: users.username,
  first_name: users.firstName,
  last_name: users.lastName,
  company_name: companies.name,
  role: users.roleId,
  last_login_at: users.lastLoginAt,
  created_at: users.createdAt,
};

export interface UserListFilters {
  ids: number[] | undefined;
  companyId: number | undefined;
}

export function usersRepo(db: Db) {
  return {
    /** The user with company and role, as the current-user answer needs it. */
    async findProfile(id: number) {
      const [row] = await db
        .select({
          user: users,
          company: {
            id: companies.id,
            name: companies.name,
            level: companies.level,
            parentId: companies.parentId,
            showPayment: companies.showPayment,
          },
          role: { id: roles.id, name: roles.name, title: roles.title },
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, id));
      return row;
    },

    /** One page of the users of the caller's company tree, and how many match in all. */
    async list(scope: TenantScope, query: UserListQuery, filters: UserListFilters) {
      const role = query.role;
      const where = and(
        inTenant(scope, users.companyId),
        searchCondition(query, userSearchable),
        filters.ids && inArray(users.id, filters.ids),
        filters.companyId === undefined ? undefined : eq(users.companyId, filters.companyId),
        role === undefined
          ? undefined
          : /^\d{1,9}$/.test(role)
            ? eq(users.roleId, Number(role))
            : eq(roles.name, role),
      );
      const [counted] = await db
        .select({ total: count() })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(where);
      const total = counted?.total ?? 0;
      const order = listOrder(
        query.sort,
        sortable,
        [{ column: users.id, descending: true }],
        total,
      );
      if (pageIsEmpty(query, total)) return { rows: [], total };
      const rows = await db
        .select({
          user: users,
          companyName: companies.name,
          role: { id: roles.id, name: roles.name, title: roles.title },
        })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(query.offset);
      return { rows, total };
    },
  };
}

export type UserListRow = Awaited<ReturnType<ReturnType<typeof usersRepo>["list"]>>["rows"][number];

export type UserProfileRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof usersRepo>["findProfile"]>>
>;
