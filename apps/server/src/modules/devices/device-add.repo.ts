import { and, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";

/** What adding devices reads first: the companies a request names. */
export function deviceAddRepo(db: Db) {
  return {
    /** The named companies that lie in the caller's tree, with their names and paths. */
    async companiesInScope(scope: TenantScope, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: companies.id, name: companies.name, path: companies.path })
        .from(companies)
        .where(and(inArray(companies.id, [...ids]), inTenant(scope, companies.id)));
    },
  };
}
