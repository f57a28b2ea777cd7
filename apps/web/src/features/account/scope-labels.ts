import type { ApiScopeResource } from "@netfleet/contracts/scopes";

/** How each scope resource reads in the token form and list. */
export const SCOPE_RESOURCE_LABELS: Record<ApiScopeResource, string> = {
  devices: "Devices",
  companies: "Companies",
  users: "Users",
  tags: "Tags",
  files: "Files",
  reports: "Reports",
  alerts: "Alerts",
  tasks: "Tasks",
  remote: "Remote access",
  vpn: "VPN",
  credits: "Credits",
  notifications: "Notifications",
  statistics: "Statistics",
  system: "System",
};
