import { STORAGE_KEYS } from "@netfleet/contracts/constants";
import { canOpenRoute, type Viewer } from "@netfleet/contracts/navigation";
import { hasPermission } from "@netfleet/contracts/permissions";
import { routeByName } from "@netfleet/contracts/routes";
import {
  SEARCH_CATEGORIES,
  SEARCH_CATEGORY_DEFINITIONS,
  type SearchCategory,
} from "@netfleet/contracts/search-categories";

/** Where the chosen categories are kept, in this browser and in the remote preferences. */
export const SEARCH_CATEGORIES_KEY = STORAGE_KEYS.searchCategories;

/**
 * A category the user may view (SH-SEARCH-006, D10): its permission is held and its list
 * page is not switched off by the theme, so "View in table" never leads nowhere.
 */
function mayView(category: SearchCategory, viewer: Viewer): boolean {
  const definition = SEARCH_CATEGORY_DEFINITIONS[category];
  if (definition.permission && !hasPermission(viewer.permissions, definition.permission)) {
    return false;
  }
  const list = definition.listRoute ? routeByName(definition.listRoute) : undefined;
  return !list || canOpenRoute(list, viewer);
}

/**
 * The categories offered to this user, in the spec's order. Pages are matched in the
 * browser and come along with any category searched on the server: a user who may search
 * none of those gets no search at all (SH-LAYOUT-012), not a box that only finds pages.
 */
export function allowedCategories(viewer: Viewer): SearchCategory[] {
  const server = SEARCH_CATEGORIES.filter((c) => c !== "pages" && mayView(c, viewer));
  return server.length > 0 ? ["pages", ...server] : [];
}

/**
 * Reads a stored choice: a list of category keys, kept in the allowed order, unknown or
 * no-longer-allowed ones dropped. An empty list is a choice too (SH-SEARCH-013); a list
 * that named only categories the user lost reads as no choice. Anything else: undefined.
 */
export function parseCategories(
  raw: unknown,
  allowed: readonly SearchCategory[],
): SearchCategory[] | undefined {
  if (!Array.isArray(raw) || !raw.every((c) => typeof c === "string")) return undefined;
  const chosen = allowed.filter((c) => raw.includes(c));
  return chosen.length === 0 && raw.length > 0 ? undefined : chosen;
}

export function readLocalCategories(): unknown {
  try {
    const stored = window.localStorage.getItem(SEARCH_CATEGORIES_KEY);
    return stored === null ? undefined : JSON.parse(stored);
  } catch {
    // Unreadable storage or a broken value: the default applies.
    return undefined;
  }
}

export function writeLocalCategories(categories: readonly string[]): void {
  try {
    window.localStorage.setItem(SEARCH_CATEGORIES_KEY, JSON.stringify(categories));
  } catch {
    // Without storage the choice lasts for this page only.
  }
}
