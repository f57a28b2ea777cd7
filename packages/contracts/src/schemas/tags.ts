import { z } from "zod";

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
