import { z } from "zod";
import { textSchema } from "./common";

/** An e-mail the server sent or kept in its outbox. */
export const mailLogSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  /** outbox: kept here (no SMTP configured); pending, sent or failed: over SMTP. */
  status: z.enum(["outbox", "pending", "sent", "failed"]),
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
  sort: textSchema({ max: 100 }).optional(),
});
