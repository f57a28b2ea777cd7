import { z } from "zod";
import { listQuerySchema } from "../envelope";
import { textSchema } from "./common";

/**
 * Impersonation (decision D18): a user grants access until a date, confirms the grant
 * through an e-mailed link, and an operator holding `impersonate_users` may then act as
 * that user until the date passes or the grant is revoked. Every impersonation is logged.
 */

/** The furthest ahead a grant may reach. */
export const IMPERSONATION_GRANT_MAX_DAYS = 30;
/** The durations the account settings offer. */
export const IMPERSONATION_GRANT_DAY_CHOICES = [1, 7, 14, 30] as const;
/** A browser clock a few minutes ahead of the server's must not fail a 30-day grant. */
const CLOCK_SKEW_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

export const grantImpersonationAccessBodySchema = z.object({
  /** ISO date-time with offset, e.g. `2026-03-01T12:00:00Z`. */
  until: z
    .string({ error: "Choose until when access is granted" })
    .pipe(z.iso.datetime({ offset: true, error: "Enter a date and time" }))
    .superRefine((value, issue) => {
      const until = Date.parse(value);
      const now = Date.now();
      if (until <= now) {
        issue.addIssue({ code: "custom", message: "Choose a time in the future" });
      } else if (until > now + IMPERSONATION_GRANT_MAX_DAYS * DAY_MS + CLOCK_SKEW_MS) {
        issue.addIssue({
          code: "custom",
          message: `Access can be granted for at most ${IMPERSONATION_GRANT_MAX_DAYS} days`,
        });
      }
    }),
});
export type GrantImpersonationAccessBody = z.input<typeof grantImpersonationAccessBodySchema>;

/** The grant waits for its confirmation link; nothing changes until it is opened. */
export const grantImpersonationAccessResultSchema = z.object({
  /** The address the confirmation link went to. */
  email: z.string(),
  until: z.string(),
  /** When the confirmation link stops working. */
  link_expires_at: z.string(),
});
export type GrantImpersonationAccessResult = z.infer<typeof grantImpersonationAccessResultSchema>;

export const confirmImpersonationAccessBodySchema = z.object({
  token: textSchema({ max: 200 }).min(1, "The link has no token"),
});

export const confirmImpersonationAccessResultSchema = z.object({
  impersonation_access_limit: z.string(),
});
export type ConfirmImpersonationAccessResult = z.infer<
  typeof confirmImpersonationAccessResultSchema
>;

/** Where the browser goes once an impersonation starts. */
export const startImpersonationResultSchema = z.object({ location: z.string() });

/**
 * Why an impersonation ended: the operator cancelled it or signed out, the grant passed
 * or was revoked, or the operator's session ended otherwise (password reset, reuse of a
 * refresh token).
 */
export const IMPERSONATION_END_REASONS = [
  "cancelled",
  "expired",
  "revoked",
  "signed_out",
  "session_ended",
] as const;
export type ImpersonationEndReason = (typeof IMPERSONATION_END_REASONS)[number];

export const impersonationLogSchema = z.object({
  id: z.number().int(),
  /** Null once the operator's account is deleted; the e-mail stays. */
  operator_id: z.number().int().nullable(),
  operator_email: z.string(),
  target_id: z.number().int().nullable(),
  target_email: z.string(),
  /** The impersonated user's company when the impersonation started. */
  company_id: z.number().int(),
  company_name: z.string(),
  started_at: z.string(),
  /** Null while the impersonation lasts. */
  ended_at: z.string().nullable(),
  end_reason: z.enum(IMPERSONATION_END_REASONS).nullable(),
});
export type ImpersonationLog = z.infer<typeof impersonationLogSchema>;

/** Sort keys of the impersonation log list. */
export const IMPERSONATION_LOG_SORT_KEYS = [
  "started_at",
  "ended_at",
  "operator_email",
  "target_email",
  "company_name",
  "end_reason",
] as const;
export type ImpersonationLogSortKey = (typeof IMPERSONATION_LOG_SORT_KEYS)[number];

/** `q` searches the operator's and the impersonated user's e-mail. */
export const impersonationLogsQuerySchema = listQuerySchema;

/** A user the operator may impersonate now: in scope, with a grant in the future. */
export const impersonableUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  role_title: z.string(),
  impersonation_access_limit: z.string(),
});
export type ImpersonableUser = z.infer<typeof impersonableUserSchema>;

/** `q` searches e-mail and names. */
export const impersonableUsersQuerySchema = listQuerySchema;
