import { z } from "zod";
import { textSchema } from "./common";
import { searchableListQuerySchema } from "./search";

/** A row of `GET /api/companies` (fields as in RMS API v3's company list). */
export const companyListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 0 for a top-level company. */
  parent_id: z.number().int(),
  /** Absent for a top-level company (RMS's parent_name is never null). */
  parent_name: z.string().optional(),
  level: z.number().int(),
  devices_count: z.number().int(),
  users_count: z.number().int(),
  /** `Y-m-d H:i:s` in UTC, as RMS has it (`dates.ts`). */
  created_at: z.string(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

/**
 * Query of `GET /api/companies`: the searchable list parameters plus RMS's filters.
 * Id lists are comma-separated, e.g. `7441,5558`.
 */
export const companyListQuerySchema = searchableListQuerySchema.extend({
  id: textSchema({ max: 2000 }).optional().describe("Only these companies (comma-separated ids)."),
  parent_id: textSchema({ max: 2000 })
    .optional()
    .describe("Only direct subsidiaries of these companies (comma-separated ids); 0: top-level."),
  level: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("Only companies at this depth: 1 top-level, 2 their subsidiaries, and so on."),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
