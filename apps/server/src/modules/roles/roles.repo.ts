import { and, eq, inArray } from "drizzle-orm";
import { FIXED_ROLE_LIST } from "@netfleet/contracts/roles";
import type { Db } from "../../db/client";
import { rolePermissions, roles } from "../../db/schema";

/** A role as answers name it: `/api/user`'s `role` has exactly these fields. */
export const roleSummaryColumns = { id: roles.id, name: roles.name, title: roles.title };

/** Roles and the permissions they grant. Pass a transaction to run calls inside it. */
export function rolesRepo(db: Db) {
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
      if (permissions.length > 0) {
        await db
          .insert(rolePermissions)
          .values(permissions.map((permission) => ({ roleId: row!.id, permission })));
      }
      return row!.id;
    },

    async permissionsOf(roleId: number): Promise<string[]> {
      const rows = await db
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, roleId));
      return rows.map((r) => r.permission);
    },

    async grants(roleId: number, permission: string): Promise<boolean> {
      const [row] = await db
        .select({ roleId: rolePermissions.roleId })
        .from(rolePermissions)
        .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permission, permission)));
      return row !== undefined;
    },
  };
}
