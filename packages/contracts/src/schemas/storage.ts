import { z } from "zod";
import { jsonValueSchema, textSchema } from "./common";

/** A remote preference of the signed-in user (forms §2 Storage entry). */
export const storageEntrySchema = z.object({
  key: z.string(),
  value: z.unknown(),
});
export type StorageEntry = z.infer<typeof storageEntrySchema>;

/** Keys are short identifiers the console picks, e.g. `searchCategories` or `table.devices`. */
export const storageKeySchema = textSchema({ max: 100 })
  .min(1)
  .regex(/^[A-Za-z0-9_.:-]+$/, "Use letters, digits, dots, colons, dashes or underscores.");

/** A value is any JSON up to 16 KB once serialised. */
export const STORAGE_VALUE_MAX_BYTES = 16_384;
export const STORAGE_MAX_KEYS_PER_USER = 200;

export const storageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A stored value: any JSON, nested at most `JSON_MAX_DEPTH` deep, of at most 16 KB. */
const storageValueSchema = jsonValueSchema({ maxBytes: STORAGE_VALUE_MAX_BYTES });

export const storagePutSchema = z.object({ value: storageValueSchema });
export const storagePostSchema = z.object({ key: storageKeySchema, value: storageValueSchema });
