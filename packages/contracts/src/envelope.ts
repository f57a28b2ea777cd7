import { z } from "zod";
import { textSchema } from "./schemas/common";

/**
 * The wire envelope of every /api and /account response, as the public RMS API v3 has it:
 * `{ success: true, data, meta }` or `{ success: false, errors: [...] }`.
 */

/** One problem with a request. `source` names the field (dotted path) when there is one. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  source: z.string().nullable(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  errors: z.array(apiErrorSchema),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** `meta` of a list: `total` counts every row that matches, not just this page. */
export const listMetaSchema = z.object({ total: z.number().int() });
export type ListMeta = z.infer<typeof listMetaSchema>;

/** Success with one resource; `message` is set on writes. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** Success with a page of a list. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item), meta: listMetaSchema });
}

/** Success with nothing to return but a sentence for the user. */
export const messageEnvelopeSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});

export interface DataEnvelope<T> {
  success: true;
  data: T;
  message?: string;
}

export interface ListEnvelope<T> {
  success: true;
  data: T[];
  meta: ListMeta;
}

/**
 * List query parameters shared by every list route: `limit` (default 10, max 100),
 * `offset`, `q` (search), `sort` (comma-separated, `-` for descending) and `fields`
 * (comma-separated projection).
 */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  q: textSchema({ max: 200, trim: true }).optional(),
  sort: textSchema({ max: 200 }).optional(),
  fields: textSchema({ max: 500 }).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
