import type { Db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../plugins/errors";
import { companiesRepo } from "./companies.repo";

/**
 * The company a call is about: the one it names, or the actor's own. A company
 * outside the caller's tree answers 404, so that its existence is not revealed.
 */
export async function companyInScope(db: Db, actor: Actor, requestedId: number | undefined) {
  const company = await companiesRepo(db).findInScope(actor.tenant, requestedId ?? actor.companyId);
  if (!company) throw new AppError("NOT_FOUND", "No such company.", { source: "company_id" });
  return company;
}
