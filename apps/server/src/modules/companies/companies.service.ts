import type { Db } from "../../db/client";
import type { Auth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { companiesRepo } from "./companies.repo";

/**
 * The company a request is about: the one it names, or the caller's own. A company
 * outside the caller's tree answers 404, so that its existence is not revealed.
 */
export async function companyInScope(db: Db, auth: Auth, requestedId: number | undefined) {
  const company = await companiesRepo(db).findInScope(
    auth.tenant,
    requestedId ?? auth.user.companyId,
  );
  if (!company) throw new AppError("NOT_FOUND", "No such company.", { source: "company_id" });
  return company;
}
