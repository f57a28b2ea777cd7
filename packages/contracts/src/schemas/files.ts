import { z } from "zod";
import { searchableListQuerySchema } from "./search";

/** Kinds of file the console stores for devices. */
export const FILE_TYPES = ["firmware", "config"] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** A stored firmware image or configuration file (fields as in RMS API v3's `/files`). */
export const fileListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(FILE_TYPES),
  description: z.string().nullable(),
  /** Firmware version the file carries, when known. */
  version: z.string().nullable(),
  file_size: z.number().int(),
  device_model: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  created_at: z.string(),
});
export type FileListItem = z.infer<typeof fileListItemSchema>;

/** Query of `GET /api/files`. */
export const fileListQuerySchema = searchableListQuerySchema.extend({
  type: z.enum(FILE_TYPES).optional().describe("Only firmware images or configuration files."),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;
