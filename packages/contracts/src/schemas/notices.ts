import { z } from "zod";
import { dateTimeSchema, textSchema } from "./common";

export const NOTICE_TYPES = ["info", "warning", "critical"] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];

/** A global notice (shell §3); `message` is sanitised HTML. */
export const noticeSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTICE_TYPES),
  message: z.string(),
  enabled_at: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** What administrators see and edit on /notices. */
export const managedNoticeSchema = noticeSchema.extend({
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
});
export type ManagedNotice = z.infer<typeof managedNoticeSchema>;

export const noticeInputSchema = z.object({
  type: z.enum(NOTICE_TYPES),
  message: textSchema({ max: 5000, trim: true }).min(1),
  /** ISO date-time; the notice shows from then on. */
  enabled_at: dateTimeSchema,
});
export type NoticeInput = z.infer<typeof noticeInputSchema>;

/**
 * The notice HTML allow-list, applied when a notice is stored and again when it is shown:
 * nothing but these tags, and on links only these attributes (http(s) and mailto hrefs).
 */
export const NOTICE_HTML = {
  allowedTags: ["a", "b", "i", "em", "strong"],
  allowedAttributes: ["href", "target", "class"],
} as const;

/** GET /api/notices: the notices in force, newest `enabled_at` first. */
export const noticesQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
});

/** Sort keys of GET /api/admin/notices (`-` in front for descending). */
export const MANAGED_NOTICE_SORT_FIELDS = ["enabled_at", "created_at"] as const;

/** GET /api/admin/notices: every notice, scheduled ones too; `q` searches the message text. */
export const managedNoticesQuerySchema = noticesQuerySchema.extend({
  q: textSchema({ max: 200, trim: true }).optional(),
  sort: textSchema({ max: 100 }).optional(),
});
