import type { ListEnvelope } from "@netfleet/contracts/envelope";
import { http } from "../../../lib/http";

/** A role as selectors list it: `name` is the key (`admin`), `title` the label. */
export interface RoleListItem {
  id: number;
  name: string;
  title: string;
  company_id?: number | null;
  type?: string;
}

export interface ListRolesParams {
  /** Roles a user of this company can be given. */
  company_id?: number;
  type?: string;
  /** Comma-separated keys, `-` for descending. */
  sort?: string;
}

/** Selectors load one page of this size (forms §9). */
export const ROLES_PAGE_SIZE = 100;

/**
 * `GET /api/roles` for role selectors (forms §7). A 401 is retried once after the session
 * refresh, as the HTTP client does for every call (FM-ERR-021); any failure that remains
 * gives an empty list, so the form still opens (FM-ERR-022).
 */
export async function listRoles(
  params: ListRolesParams = {},
  signal?: AbortSignal,
): Promise<RoleListItem[]> {
  try {
    const response = await http.get<ListEnvelope<RoleListItem>>("/api/roles", {
      params: { limit: ROLES_PAGE_SIZE, ...params },
      signal,
    });
    return Array.isArray(response.data.data) ? response.data.data : [];
  } catch {
    return [];
  }
}
