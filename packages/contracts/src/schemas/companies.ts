import { z } from "zod";

/** A row of `GET /api/companies` (fields as in RMS API v3's company list). */
export const companyListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 for a top-level company. */
  parent_id: z.number().int(),
  parent_name: z.string().nullable(),
  level: z.number().int(),
  devices_count: z.number().int(),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;
