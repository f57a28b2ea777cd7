/**
 * Scopes a personal access token can carry. A route served to a bearer token needs the
 * route's scope in the token *and* the permission in the user's role: a scope narrows
 * what the user can do, it never widens it.
 */
export const API_SCOPE_RESOURCES = [
  "devices",
  "companies",
  "users",
  "tags",
  "files",
  "reports",
  "alerts",
  "tasks",
  "remote",
  "vpn",
  "credits",
  "notifications",
  "statistics",
  "system",
] as const;

export type ApiScopeResource = (typeof API_SCOPE_RESOURCES)[number];
export type ApiScope = `${ApiScopeResource}:${"read" | "write"}`;

export const API_SCOPES: readonly ApiScope[] = API_SCOPE_RESOURCES.flatMap((r) => [
  `${r}:read` as const,
  `${r}:write` as const,
]);
