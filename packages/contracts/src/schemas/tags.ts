import { z } from "zod";
import { searchableListQuerySchema } from "./search";

/** What a tag does to devices it is put on (firmware or configuration upload, say). */
export const tagActionSchema = z.object({
  tag_id: z.number().int(),
  action: z.string(),
  source_id: z.number().int().nullable(),
  source_name: z.string().nullable(),
  created_at: z.string(),
});

/** A row of `GET /api/tags` (fields as in RMS API v3's tag list). */
export const tagListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** "#rrggbb", or null for the default colour. */
  color: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  devices_count: z.number().int(),
  actions: z.array(tagActionSchema),
  created_at: z.string(),
});
export type TagListItem = z.infer<typeof tagListItemSchema>;

/** Query of `GET /api/tags`: the searchable list parameters plus RMS's filters. */
export const tagListQuerySchema = searchableListQuerySchema.extend({
  id: z.string().max(2000).optional().describe("Only these tags (comma-separated ids)."),
  company_id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .optional()
    .describe("Only tags of this company, which must be in your company tree."),
});
export type TagListQuery = z.infer<typeof tagListQuerySchema>;
