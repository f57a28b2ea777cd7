import {
  canBeParent,
  COMPANY_MAX_LEVEL,
  COMPANY_MESSAGES,
  type CompanyContents,
  type CompanyCreateBody,
  type CompanyMoveBody,
  type CompanyUpdateBody,
  companyNotEmptyMessage,
} from "@netfleet/contracts/schemas/companies";
import { sameValueBlocked } from "@netfleet/contracts/validation";
import type { Db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { AppError } from "../../plugins/errors";
import { companiesRepo } from "./companies.repo";

const noSuchCompany = (source: string | null = null) =>
  new AppError("NOT_FOUND", COMPANY_MESSAGES.notFound, { source });

const invalid = (source: string, message: string) =>
  new AppError("VALIDATION_FAILED", message, { source });

/**
 * The company a call is about: the one it names, or the actor's own. A company
 * outside the caller's tree answers 404, so that its existence is not revealed.
 */
export async function companyInScope(db: Db, actor: Actor, requestedId: number | undefined) {
  const company = await companiesRepo(db).findInScope(actor.tenant, requestedId ?? actor.companyId);
  if (!company) throw noSuchCompany("company_id");
  return company;
}

/** One company of the caller's tree as the API answers it; 404 outside. */
export async function findCompany(db: Db, actor: Actor, id: number) {
  const row = await companiesRepo(db).find(actor.tenant, id);
  if (!row) throw noSuchCompany();
  return row;
}

/**
 * Creates a subsidiary of a level-1 or level-2 company of the caller's tree. A user of a
 * top-level company holds the payment controls (D14): the new company shows payment only
 * if they say so (FM-ENTITY-051). Anyone else's new company follows its parent.
 */
export async function createCompany(db: Db, actor: Actor, body: CompanyCreateBody) {
  return db.transaction(async (tx) => {
    const repo = companiesRepo(tx);
    await repo.lockTree();
    const parent = await repo.node(actor.tenant, body.parent_id);
    if (!parent) throw noSuchCompany("parent_id");
    if (!canBeParent(parent.level)) throw invalid("parent_id", COMPANY_MESSAGES.parentTooDeep);
    const paymentControl = (await repo.level(actor.companyId)) === 1;
    if (body.show_payment !== undefined && !paymentControl) {
      throw new AppError("FORBIDDEN", COMPANY_MESSAGES.paymentControl, { source: "show_payment" });
    }
    const created = await repo.insert({
      name: body.name,
      parent,
      showPayment: paymentControl ? (body.show_payment ?? false) : parent.showPayment,
    });
    return created.id;
  });
}

/** Renames a company; a body that changes nothing is refused (FM-VALID-003). */
export async function updateCompany(db: Db, actor: Actor, id: number, body: CompanyUpdateBody) {
  const repo = companiesRepo(db);
  const company = await repo.node(actor.tenant, id);
  if (!company) throw noSuchCompany();
  const unchanged = sameValueBlocked(company.name, body.name);
  if (unchanged && (body.email === undefined || body.email === company.email)) {
    throw invalid("name", unchanged);
  }
  await repo.update(id, {
    name: body.name,
    ...(body.email !== undefined && { email: body.email }),
  });
}

/**
 * Makes `source` a subsidiary of `target`, both in the caller's tree, rewriting the paths
 * and levels of the whole moved subtree in one transaction. The caller's own company stays
 * where it is, no company goes under itself, and none ends deeper than level 3.
 */
export async function moveCompany(db: Db, actor: Actor, body: CompanyMoveBody) {
  await db.transaction(async (tx) => {
    const repo = companiesRepo(tx);
    await repo.lockTree();
    const source = await repo.node(actor.tenant, body.source);
    if (!source) throw noSuchCompany("source");
    const target = await repo.node(actor.tenant, body.target);
    if (!target) throw noSuchCompany("target");
    if (source.id === actor.companyId) throw invalid("source", COMPANY_MESSAGES.moveOwnCompany);
    if (target.path.startsWith(source.path)) {
      throw invalid("target", COMPANY_MESSAGES.moveIntoItself);
    }
    if (source.parentId === target.id) throw invalid("target", COMPANY_MESSAGES.moveSameParent);
    const depthBelow = (await repo.deepestLevel(source.path)) - source.level;
    if (target.level + 1 + depthBelow > COMPANY_MAX_LEVEL) {
      throw invalid(
        "target",
        canBeParent(target.level) ? COMPANY_MESSAGES.moveTooDeep : COMPANY_MESSAGES.parentTooDeep,
      );
    }
    await repo.moveSubtree(source, target);
  });
}

/** A foreign key still pointing at the row (SQLSTATE 23503), however the driver wraps it. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

/**
 * Deletes an empty company of the caller's tree: one with devices, users or subsidiaries is
 * refused with 409, saying what it still has (also in `meta`), as is the caller's own.
 */
export async function deleteCompany(db: Db, actor: Actor, id: number) {
  try {
    await db.transaction(async (tx) => {
      const repo = companiesRepo(tx);
      await repo.lockTree();
      const company = await repo.node(actor.tenant, id);
      if (!company) throw noSuchCompany();
      if (company.id === actor.companyId) {
        throw new AppError("CONFLICT", COMPANY_MESSAGES.deleteOwnCompany);
      }
      const held = await repo.contents(id);
      const contents: CompanyContents = {
        devices_count: held.devices,
        users_count: held.users,
        subsidiaries_count: held.subsidiaries,
      };
      if (held.devices || held.users || held.subsidiaries) {
        throw new AppError("CONFLICT", companyNotEmptyMessage(contents), { meta: { ...contents } });
      }
      await repo.delete(id);
    });
  } catch (err) {
    // Something added meanwhile, or kept by another table, still names the company.
    if (isForeignKeyViolation(err)) {
      throw new AppError("CONFLICT", COMPANY_MESSAGES.deleteStillReferenced);
    }
    throw err;
  }
}
