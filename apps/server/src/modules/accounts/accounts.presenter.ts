import type { PersonalAccessToken } from "@netfleet/contracts/schemas/account";
import type { ApiScope } from "@netfleet/contracts/scopes";
import type { PersonalAccessTokenRow } from "./personal-access-tokens.repo";

export function presentToken(row: PersonalAccessTokenRow): PersonalAccessToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}
