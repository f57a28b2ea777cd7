import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, roles, users } from "../../db/schema";

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
  };
}

export type UserProfileRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof usersRepo>["findProfile"]>>
>;
