import { COMPANY_MESSAGES } from "@netfleet/contracts/schemas/companies";
import { USER_MESSAGES, type UserMoveBody } from "@netfleet/contracts/schemas/users";
import type { AppContext } from "../../app-context";
import type { Db } from "../../db/client";
import type { Auth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { companiesRepo } from "../companies/companies.repo";
import { rolesRepo } from "../roles/roles.repo";
import { assertGrantableRole, grantableRoles } from "../roles/roles.service";
import { userMoveLogsRepo } from "./user-move-logs.repo";
import { usersRepo } from "./users.repo";

export const noSuchUser = (source = "id") => new AppError("NOT_FOUND", "No such user.", { source });

/** A company of the caller's tree with its name and ancestry path; 404 for any other. */
export async function companyOfTree(db: Db, auth: Auth, id: number) {
  const company = await companiesRepo(db).node(auth.tenant, id);
  if (!company) {
    throw new AppError("NOT_FOUND", COMPANY_MESSAGES.notFound, { source: "company_id" });
  }
  return company;
}

/**
 * The id of the role `ref` names (an id, or a name such as `end_user`), if `auth` may give
 * it to a user of `companyId`; the grant rule's 422 otherwise.
 */
export async function grantedRoleId(
  db: Db,
  auth: Auth,
  companyId: number,
  ref: number | string,
): Promise<number> {
  // A name is looked up among the roles the caller may give; 0 names none and is refused.
  const id =
    typeof ref === "number"
      ? ref
      : ((await grantableRoles(db, auth, companyId)).find((role) => role.name === ref)?.id ?? 0);
  await assertGrantableRole(db, auth, id, companyId);
  return id;
}

/**
 * Refuses acting on oneself (a lock-out waiting to happen) and on a user holding a
 * permission the caller lacks: nobody acts on a user above them.
 */
async function assertBelow(
  db: Db,
  auth: Auth,
  user: { id: number; roleId: number },
  source = "id",
) {
  if (user.id === auth.user.id) {
    throw new AppError("FORBIDDEN", USER_MESSAGES.notYourself, { source });
  }
  const held = await rolesRepo(db).permissionsOf(user.roleId);
  if (held.some((permission) => !auth.permissions.has(permission))) {
    throw new AppError("FORBIDDEN", USER_MESSAGES.aboveYou, { source });
  }
}

/** Gives a user of the caller's tree another role; it holds from the user's next request. */
export async function changeUserRole(
  ctx: AppContext,
  auth: Auth,
  id: number,
  ref: number | string,
) {
  const user = await usersRepo(ctx.db).findInScope(auth.tenant, id);
  if (!user) throw noSuchUser();
  await assertBelow(ctx.db, auth, user);
  const roleId = await grantedRoleId(ctx.db, auth, user.companyId, ref);
  if (roleId === user.roleId) {
    throw new AppError("VALIDATION_FAILED", USER_MESSAGES.sameRole, { source: "role" });
  }
  await usersRepo(ctx.db).setRole(id, roleId);
}

/**
 * Moves users of the caller's tree into another company of it, logging each move in the
 * same transaction: all of them move, or none.
 */
export async function moveUsers(ctx: AppContext, auth: Auth, body: UserMoveBody) {
  const target = await companyOfTree(ctx.db, auth, body.company_id);
  const ids = [...new Set(body.user_ids)];
  const roleCompanies = target.path.split("/").filter(Boolean).map(Number);
  await ctx.db.transaction(async (tx) => {
    const found = await usersRepo(tx).findForMove(auth.tenant, ids);
    if (found.length !== ids.length) throw noSuchUser("user_ids");
    for (const user of found) await assertBelow(tx, auth, user, "user_ids");
    if (found.some((user) => user.companyId === target.id)) {
      throw new AppError("VALIDATION_FAILED", USER_MESSAGES.sameCompany, { source: "company_id" });
    }
    // A custom role belongs to a company and serves its subtree only.
    if (found.some((u) => u.roleCompanyId !== null && !roleCompanies.includes(u.roleCompanyId))) {
      throw new AppError("VALIDATION_FAILED", USER_MESSAGES.roleNotInCompany, {
        source: "user_ids",
      });
    }
    await usersRepo(tx).moveToCompany(ids, target.id);
    await userMoveLogsRepo(tx).add(
      found.map((user) => ({
        userId: user.id,
        userEmail: user.email,
        fromCompanyId: user.companyId,
        fromCompanyName: user.companyName,
        toCompanyId: target.id,
        toCompanyName: target.name,
        movedById: auth.user.id,
        movedByEmail: auth.user.email,
      })),
    );
  });
}

/** Deletes a user of the caller's tree; the user's sessions and tokens end with it. */
export async function deleteUser(ctx: AppContext, auth: Auth, id: number) {
  const user = await usersRepo(ctx.db).findInScope(auth.tenant, id);
  if (!user) throw noSuchUser();
  await assertBelow(ctx.db, auth, user);
  if (!(await usersRepo(ctx.db).delete(user.id))) throw noSuchUser();
}

/** The administrators' form: deletes the account an e-mail address names. */
export async function deleteUserByEmail(ctx: AppContext, auth: Auth, email: string) {
  const user = await usersRepo(ctx.db).findByEmailInScope(auth.tenant, email);
  if (!user) throw noSuchUser("email");
  await assertBelow(ctx.db, auth, user, "email");
  if (!(await usersRepo(ctx.db).delete(user.id))) throw noSuchUser("email");
}
