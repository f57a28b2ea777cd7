import { canInviteRolesOf } from "@netfleet/contracts/roles";
import type { PermissionItem, Role, RoleDetail } from "@netfleet/contracts/schemas/roles";
import { permissionCatalogue } from "@netfleet/contracts/schemas/roles";
import type { RoleRow } from "./roles.repo";

export function presentRole(row: RoleRow, permissions: readonly string[]): Role {
  const { role } = row;
  return {
    id: role.id,
    name: role.name,
    title: role.title,
    description: role.description,
    company_id: role.companyId,
    company_name: row.companyName,
    permissions_count: row.permissionsCount,
    canInviteRoles: canInviteRolesOf({ name: role.name, permissions }),
    isDefault: role.isDefault,
    users_count: row.usersCount,
    created_at: role.createdAt.toISOString(),
    updated_at: role.updatedAt.toISOString(),
  };
}

export function presentRoleDetail(row: RoleRow, permissions: readonly string[]): RoleDetail {
  return { ...presentRole(row, permissions), permissions: [...permissions].sort() };
}

/** The catalogue's entries for these permission names, in the catalogue's order. */
export function presentPermissions(names: readonly string[]): PermissionItem[] {
  const wanted = new Set(names);
  return permissionCatalogue().filter((p) => wanted.has(p.name));
}
