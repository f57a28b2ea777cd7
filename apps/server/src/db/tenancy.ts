import { type Placeholder, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { escapeLike } from "../lib/list-query";
import { companies } from "./schema";

/** Whose company tree a query may see. */
export interface TenantScope {
  /** The caller's company path, e.g. "1/5/". */
  companyPath: string;
  /** Roles such as super_admin and support see every company. */
  global: boolean;
}

/**
 * The one tenancy filter: restricts rows whose `companyIdColumn` lies in the caller's
 * company subtree. Every tenant-scoped query adds it to its WHERE clause; a global scope
 * adds nothing. The prefix match uses the text_pattern_ops index on companies.path.
 */
export function inTenant(scope: TenantScope, companyIdColumn: AnyPgColumn): SQL | undefined {
  if (scope.global) return undefined;
  return inCompanyTree(companyIdColumn, treePattern(scope));
}

/**
 * The tenancy filter with the tree's pattern (`treePattern`) given apart: as a value, or as
 * the placeholder of a statement prepared once for every caller.
 */
export function inCompanyTree(companyIdColumn: AnyPgColumn, pattern: string | Placeholder): SQL {
  return sql`${companyIdColumn} in (select ${companies.id} from ${companies} where ${companies.path} like ${pattern})`;
}

/** The LIKE pattern of the paths in the caller's company tree. */
export function treePattern(scope: TenantScope): string {
  return `${escapeLike(scope.companyPath)}%`;
}

/** The ancestry path of a company given its parent's path. */
export function childPath(parentPath: string | null, id: number): string {
  return `${parentPath ?? ""}${id}/`;
}
