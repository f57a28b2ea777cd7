import { PERMISSIONS, isPermission } from "@netfleet/contracts/permissions";
import { mayGrantRole } from "@netfleet/contracts/roles";
import { ROLE_MESSAGES } from "@netfleet/contracts/schemas/roles";
import type { Db } from "../../db/client";
import type { TenantScope } from "../../db/tenancy";
import type { ActingUser, Actor } from "../../lib/actor";
import { AppError } from "../../plugins/errors";
import { rolesRepo } from "./roles.repo";

/** Who grants a role: a signed-in user's role name, permissions and company tree. */
export type Granter = Pick<Actor, "tenant" | "permissions"> & {
  user: Pick<ActingUser, "roleName">;
};

/**
 * The companies whose custom roles a user of `companyId` may hold: it and its parents (the
 * caller sees only those inside its tree). A company outside the caller's tree answers 404.
 */
export async function roleCompanies(db: Db, tenant: TenantScope, companyId: number) {
  const path = await rolesRepo(db).companyPath(tenant, companyId);
  if (!path) throw new AppError("NOT_FOUND", "No such company.", { source: "company_id" });
  return path.split("/").filter(Boolean).map(Number);
}

/**
 * The roles `granter` may give a user of `companyId` or invite one with: the fixed roles and
 * the custom roles of that company and its parents inside the granter's tree, as far as
 * `mayGrantRole` allows. Without a company, every role of the tree the rule allows. A
 * company outside the granter's tree answers 404.
 */
export async function grantableRoles(db: Db, granter: Granter, companyId?: number) {
  const companyIds =
    companyId === undefined ? undefined : await roleCompanies(db, granter.tenant, companyId);
  const candidates = await rolesRepo(db).allVisible(granter.tenant, companyIds);
  const self = { name: granter.user.roleName, permissions: granter.permissions };
  return candidates.filter((role) => mayGrantRole(self, role));
}

/**
 * Refuses (422, naming `source`) a role `granter` may not give a user of `companyId`: the
 * check behind inviting a user and changing a user's role.
 */
export async function assertGrantableRole(
  db: Db,
  granter: Granter,
  roleId: number,
  companyId: number,
  source = "role",
): Promise<void> {
  const allowed = await grantableRoles(db, granter, companyId);
  if (!allowed.some((role) => role.id === roleId)) {
    throw new AppError(
      "VALIDATION_FAILED",
      "You cannot give this role to users of this company: it is not one of yours, or it grants permissions you do not hold.",
      { source },
    );
  }
}

/**
 * Refuses a permission set its author could not grant: permissions the author does not
 * hold, and installation permissions, which stay with the fixed System Administrator role.
 */
export function assertAssignable(held: ReadonlySet<string>, permissions: readonly string[]): void {
  const notHeld = permissions.filter((p) => !held.has(p));
  if (notHeld.length > 0) {
    throw new AppError("VALIDATION_FAILED", ROLE_MESSAGES.notHeld(notHeld), {
      source: "permissions",
    });
  }
  const system = permissions.filter((p) => isPermission(p) && PERMISSIONS[p].kind === "system");
  if (system.length > 0) {
    throw new AppError("VALIDATION_FAILED", ROLE_MESSAGES.systemPermission(system), {
      source: "permissions",
    });
  }
}

const noSuchRole = (source?: string) =>
  new AppError("NOT_FOUND", "No such role.", source ? { source } : {});

/** A custom role of the caller's tree, for a change: 404 unseen, 422 for a fixed role. */
export async function editableRole(db: Db, actor: Actor, id: number, source?: string) {
  const row = await rolesRepo(db).find(actor.tenant, id);
  if (!row) throw noSuchRole(source);
  if (row.role.isDefault) {
    throw new AppError("VALIDATION_FAILED", ROLE_MESSAGES.fixedRole, { source: source ?? "id" });
  }
  return row;
}

/** Foreign-key violations (SQLSTATE 23503): a row referred to went away meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/** Deletes a custom role nobody holds and no open invitation offers. */
export async function deleteRole(db: Db, actor: Actor, id: number): Promise<void> {
  const row = await editableRole(db, actor, id);
  const refuseInUse = (users: number) =>
    new AppError("VALIDATION_FAILED", ROLE_MESSAGES.inUse(users), { source: null });
  try {
    await db.transaction(async (tx) => {
      const holders = await rolesRepo(tx).holders(row.role.id);
      if (holders.users > 0) throw refuseInUse(holders.users);
      if (holders.invitations > 0) {
        throw new AppError(
          "VALIDATION_FAILED",
          "Open invitations offer this role. Revoke them first.",
          { source: null },
        );
      }
      await rolesRepo(tx).deleteCustom(row.role.id);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw refuseInUse(1);
    throw err;
  }
}
