import type { ApiScopeResource } from "@netfleet/contracts/scopes";

/** The `account` namespace key each scope resource reads as in the token form and list. */
export const SCOPE_RESOURCE_LABEL_KEYS = {
  devices: "scope.devices",
  companies: "scope.companies",
  users: "scope.users",
  tags: "scope.tags",
  files: "scope.files",
  reports: "scope.reports",
  alerts: "scope.alerts",
  tasks: "scope.tasks",
  remote: "scope.remote",
  vpn: "scope.vpn",
  credits: "scope.credits",
  notifications: "scope.notifications",
  statistics: "scope.statistics",
  system: "scope.system",
} as const satisfies Record<ApiScopeResource, string>;
