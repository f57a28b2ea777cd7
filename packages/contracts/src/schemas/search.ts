import { z } from "zod";
import { textSchema } from "./common";

export {
  SEARCH_CATEGORIES,
  SEARCH_CATEGORY_DEFINITIONS,
  SEARCH_QUERY,
  type SearchCategory,
  type SearchCategoryDefinition,
} from "../search-categories";

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
