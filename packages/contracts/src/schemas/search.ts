import { z } from "zod";
import type { Permission } from "../permissions";
import { textSchema } from "./common";

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

/**
 * The list query shared by the searchable lists: the common list parameters plus
 * `search-fields` (which fields `q` matches; each list knows its own) and `fields`
 * (a projection: only these keys come back).
 */
export const searchableListQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  q: textSchema({ max: 200, trim: true }).optional(),
  sort: textSchema({ max: 200 }).optional(),
  fields: textSchema({ max: 500 }).optional(),
  "search-fields": textSchema({ max: 200 }).optional(),
});
export type SearchableListQuery = z.infer<typeof searchableListQuerySchema>;

/**
 * One row of a category's answer. Lists return more fields than these; `fields` trims them
 * to what search needs. Tags carry `actions` (a list) so the "A" mark can show.
 */
export const searchResultItemSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable().optional(),
  status: z.number().int().optional(),
  email: z.string().optional(),
  enabled: z.boolean().optional(),
  protocol: z.string().nullable().optional(),
  color: z.string().nullable().optional(),
  actions: z.array(z.unknown()).optional(),
  type: z.string().optional(),
});
export type SearchResultItem = z.infer<typeof searchResultItemSchema>;
