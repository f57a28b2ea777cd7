import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema";
import { inTenant, type TenantScope } from "../../db/tenancy";

export function companiesRepo(db: Db) {
  return {
    /** The company if the caller's tree holds it; undefined otherwise. */
    async findInScope(scope: TenantScope, id: number) {
      const [row] = await db
        .select({ id: companies.id, remainingData: companies.remainingData })
        .from(companies)
        .where(and(eq(companies.id, id), inTenant(scope, companies.id)));
      return row;
    },
  };
}
