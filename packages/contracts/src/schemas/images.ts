import { z } from "zod";
import { formatFileSize } from "../validation-files";
import { idParamSchema, textSchema } from "./common";

/**
 * Images a company keeps for its device dashboards (RMS API v3 `/images`): JPEG or PNG,
 * at most 5 MB and 2048 × 1080 pixels.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_WIDTH = 2048;
export const IMAGE_MAX_HEIGHT = 1080;
/** What an image is for. */
export const IMAGE_TYPES = ["device_dashboard"] as const;

export const IMAGE_MESSAGES = {
  tooLarge: `An image may be at most ${formatFileSize(IMAGE_MAX_BYTES)}`,
  noImage: "Choose an image to upload.",
  notImage: "Upload a JPEG or PNG image.",
  tooBig: `An image may be at most ${IMAGE_MAX_WIDTH} × ${IMAGE_MAX_HEIGHT} pixels.`,
  unknownImage: "No such image.",
  unknownCompany: "No such company in your company tree.",
} as const;

export const imageSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  user_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(IMAGE_TYPES),
  /** Bytes. */
  size: z.number().int(),
  original_width: z.number().int(),
  original_height: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Image = z.infer<typeof imageSchema>;

export const imageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).default(0),
  company_id: idParamSchema.optional(),
});

/** The text fields of `POST /api/images` (multipart, with the file as `image`). */
export const imageUploadFieldsSchema = z.object({
  company_id: idParamSchema,
  type: z.enum(IMAGE_TYPES),
  description: textSchema({ max: 255 }).optional(),
});

export const imageUpdateBodySchema = z.object({ description: textSchema({ max: 255 }) });
