import type { Permission } from "./permissions";

/**
 * Global search (shell §2 Global search, decision D10). Every category but Pages is a list
 * call with `q`, `limit`, `search-fields` and `fields`; Pages are matched in the browser.
 */
export const SEARCH_CATEGORIES = [
  "pages",
  "devices",
  "companies",
  "remoteAccess",
  "vpnHubs",
  "tags",
  "users",
  "files",
] as const;
export type SearchCategory = (typeof SEARCH_CATEGORIES)[number];

export interface SearchCategoryDefinition {
  label: string;
  /** Null: every signed-in user (Pages). */
  permission: Permission | null;
  /** The list call, under /api; null for Pages. */
  endpoint: string | null;
  /** The route name of the list page "View in table" opens with `?q=`. */
  listRoute: string | null;
  /**
   * The route a chosen result opens, with `id` as its parameter; null where the entity has
   * no page of its own, and the list page filtered to the result opens instead.
   */
  itemRoute: string | null;
}

export const SEARCH_CATEGORY_DEFINITIONS: Record<SearchCategory, SearchCategoryDefinition> = {
  pages: { label: "Pages", permission: null, endpoint: null, listRoute: null, itemRoute: null },
  devices: {
    label: "Devices",
    permission: "view_devices",
    endpoint: "/devices",
    listRoute: "management.devices",
    itemRoute: "device.info",
  },
  companies: {
    label: "Companies",
    permission: "view_companies",
    endpoint: "/companies",
    listRoute: "users.companies",
    itemRoute: "company.info",
  },
  remoteAccess: {
    label: "Remote access",
    permission: "view_device_remote_access",
    endpoint: "/devices/remote-access",
    listRoute: "remote.access",
    itemRoute: "remote.info",
  },
  vpnHubs: {
    label: "VPN hubs",
    permission: "view_vpn_hubs",
    endpoint: "/vpn/hubs",
    listRoute: "vpn.hubs",
    itemRoute: "vpn-hub",
  },
  tags: {
    label: "Tags",
    permission: "view_tags",
    endpoint: "/tags",
    listRoute: "tags.main",
    itemRoute: "management.tag_chart",
  },
  users: {
    label: "Users",
    permission: "view_users",
    endpoint: "/users",
    listRoute: "users.table",
    itemRoute: null,
  },
  files: {
    label: "Files",
    permission: "view_files",
    endpoint: "/files",
    listRoute: "files.main",
    itemRoute: null,
  },
};

/** The query every category call sends (shell §7). */
export const SEARCH_QUERY = {
  searchFields: ["name", "email"],
  fields: ["id", "name", "status", "email", "protocol", "enabled", "color"],
} as const;
