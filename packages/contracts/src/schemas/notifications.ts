import { z } from "zod";
import { idSchema, textSchema } from "./common";

export const NOTIFICATION_TYPES = [
  "invitedUserRegistration",
  "creditCodeActivation",
  "creditAmountTooLow",
  "deviceAlert",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A notification of the bell: unseen while `seen_at` is null (shell §3, §4). */
export const notificationSchema = z.object({
  id: z.number().int(),
  summary: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  created_at: z.string(),
  seen_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  /** `seen` or `unseen`; both when absent. */
  seen: z.enum(["seen", "unseen"]).optional(),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** `PUT /notifications`: the ids to mark as seen (shell §7). */
export const markNotificationsSeenSchema = z.object({
  id: z.array(idSchema).min(1).max(1000),
});

/** `POST /notifications`: a super administrator notifies users of a company or one user. */
export const createNotificationSchema = z
  .object({
    type: z.enum(NOTIFICATION_TYPES),
    summary: textSchema({ max: 500, trim: true }).min(1),
    user_id: idSchema.optional(),
    company_id: idSchema.optional(),
  })
  .refine((v) => (v.user_id === undefined) !== (v.company_id === undefined), {
    message: "Give either user_id or company_id.",
    path: ["user_id"],
  });
export type CreateNotification = z.infer<typeof createNotificationSchema>;

export { NOTIFICATION_CREATED_EVENT, notificationChannel } from "../events";

/** `GET /notifications` meta: `total` counts the rows the filter matches, `unseen` all of the user's unseen ones. */
export const notificationsMetaSchema = z.object({
  total: z.number().int(),
  unseen: z.number().int(),
});

/** `PUT /notifications` answer: how many of the ids were the caller's and unseen, now seen. */
export const markNotificationsSeenResultSchema = z.object({ updated: z.number().int() });

/** `POST /notifications` answer: how many users the notification went to. */
export const createNotificationResultSchema = z.object({ notified: z.number().int() });
