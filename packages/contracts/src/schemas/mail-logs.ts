import { z } from "zod";
import { textSchema } from "./common";

export const MAIL_STATUSES = ["outbox", "pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * An e-mail the server sent or kept in its outbox. Links and codes that would let a reader
 * act as the recipient show as `[hidden]`.
 */
export const mailLogSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  /** outbox: kept here (no SMTP configured); pending, sent or failed: over SMTP. */
  status: z.enum(MAIL_STATUSES),
  error: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type MailLog = z.infer<typeof mailLogSchema>;

export const mailLogsQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  /** Only messages to this address (exact, case-insensitive). */
  to: textSchema({ max: 254 }).optional(),
  template: textSchema({ max: 50 }).optional(),
  /** Only messages in this state. */
  status: z.enum(MAIL_STATUSES).optional(),
  /** Recipients containing this text (case-insensitive). */
  q: textSchema({ max: 200, trim: true }).optional(),
  /** id, created_at, to, status or template; `-` for descending. */
  sort: textSchema({ max: 100 }).optional(),
});
