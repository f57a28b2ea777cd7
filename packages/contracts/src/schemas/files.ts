import { z } from "zod";
import { FORMS } from "../constants";
import { formatFileSize } from "../validation-files";
import { idParamSchema, idSchema, textSchema } from "./common";
import { searchableListQuerySchema } from "./search";

/**
 * Kinds of file kept for devices (FM-ENTITY-042): firmware images, configuration backups
 * (`config`), event logs, troubleshoot archives and task manager files.
 */
export const FILE_TYPES = [
  "firmware",
  "config",
  "eventslog",
  "troubleshoot",
  "device_task_manager_file",
] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** What a user may upload (RMS `files_add`); the others come from devices. */
export const UPLOAD_FILE_TYPES = [
  "firmware",
  "config",
  "device_task_manager_file",
] as const satisfies readonly FileType[];

/** The largest upload: 80 MB, as the console's file input (FM-VALID-038). */
export const FILE_MAX_BYTES = FORMS.maxFileSizeBytes;

export const FILE_MESSAGES = {
  tooLarge: `Maximum file size is ${formatFileSize(FILE_MAX_BYTES)}`,
  noFile: "Choose a file to upload.",
  empty: "The file is empty.",
  unknownFile: "No such file.",
  unknownCompany: "No such company in your company tree.",
  globalOnly: "Only firmware can be shared with every company.",
  globalForbidden: "You may not upload files for every company.",
  taken: "A file of this name and type is already stored for this company.",
} as const;

/**
 * A stored file (fields as in RMS API v3's `/files`). `company_id` is null for global
 * firmware, which every company sees. `checksum` is the file's SHA-256, in hex.
 */
export const fileListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(FILE_TYPES),
  description: z.string().nullable(),
  /** Firmware version the file carries, when known. */
  version: z.string().nullable(),
  file_size: z.number().int(),
  device_model: z.string().nullable(),
  /** The device a file came from (a backup, a log); absent for an upload. */
  device_id: z.number().int().optional(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  checksum: z.string(),
  /** `Y-m-d H:i:s`, UTC, as RMS has it. */
  created_at: z.string(),
});
export type FileListItem = z.infer<typeof fileListItemSchema>;

/** Query of `GET /api/files`. */
export const fileListQuerySchema = searchableListQuerySchema.extend({
  type: z.enum(FILE_TYPES).optional().describe("Only files of this type."),
  device_id: idSchema.optional().describe("Only files that came from this device."),
  company_id: z
    .union([idParamSchema, z.literal("global")])
    .optional()
    .describe("Only this company's files, or `global`: firmware shared with every company."),
});
export type FileListQuery = z.infer<typeof fileListQuerySchema>;

/** The form fields of `POST /api/files` (multipart), next to `file`. */
export const fileUploadFieldsSchema = z.object({
  type: z.enum(UPLOAD_FILE_TYPES),
  description: textSchema({ max: 255 }).optional(),
  /** The company the file belongs to (the uploader's by default); `global` for every company. */
  company_id: z.union([z.coerce.number().int().positive(), z.literal("global")]).optional(),
  device_model: textSchema({ max: 64 }).optional(),
  version: textSchema({ max: 64 }).optional(),
});
export type FileUploadFields = z.infer<typeof fileUploadFieldsSchema>;

/** `PUT /api/files/{id}` (RMS `files_update`). */
export const fileUpdateBodySchema = z.object({ description: textSchema({ max: 255 }) });

/** `POST /api/files/download/zip` (RMS `files_download_zip`). */
export const filesZipBodySchema = z.object({ files: z.array(idSchema).min(1).max(100) });

/** The answer of an upload: the new file's id (RMS), and the file. */
export const fileUploadAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  meta: z.object({ id: z.number().int() }),
  data: fileListItemSchema,
});
