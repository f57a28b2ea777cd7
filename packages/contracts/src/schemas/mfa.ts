import { z } from "zod";
import { PASSWORD_MAX_LENGTH, emailSchema, newPasswordSchema } from "./account";
import { textSchema } from "./common";
import { ENROLLABLE_MFA_METHODS, MFA_METHODS } from "../mfa";

/**
 * Multi-factor authentication and password re-confirmation (forms §4).
 *
 * A route that declares itself sensitive answers, for a user with a second factor,
 * `403 MFA_REQUIRED` with `meta.mfa_method` (and its alias `mfa_type`) and
 * `meta.session_uuid` (and its alias `session_id`). The caller re-sends the same request
 * with `session_code`, `session_id` and `session_uuid` added to its JSON body (or to the
 * query string for a request without a body). A wrong code answers `422
 * CONFIRMATION_FAILED`; the challenge stays usable until it expires or runs out of attempts.
 *
 * A route that needs the password again answers `423 PASSWORD_CONFIRMATION_REQUIRED`
 * when the session's password was not confirmed within the confirmation window;
 * `POST /api/password-confirmation` confirms it.
 */

export {
  ENROLLABLE_MFA_METHODS,
  MFA_LIMITS,
  MFA_METHODS,
  type EnrollableMfaMethod,
  type MfaMethod,
} from "../mfa";

/** `meta` of an `MFA_REQUIRED` answer. */
export const mfaRequiredMetaSchema = z.object({
  mfa_method: z.enum(MFA_METHODS),
  mfa_type: z.enum(MFA_METHODS),
  session_uuid: z.string(),
  session_id: z.string(),
});
export type MfaRequiredMeta = z.infer<typeof mfaRequiredMetaSchema>;

/** What the caller adds to a re-sent sensitive request. */
export const mfaSessionFieldsSchema = z.object({
  session_code: textSchema({ max: 64, trim: true }).min(1).optional(),
  session_uuid: textSchema({ max: 64 }).optional(),
  session_id: textSchema({ max: 64 }).optional(),
});
export type MfaSessionFields = z.infer<typeof mfaSessionFieldsSchema>;
export const MFA_SESSION_FIELDS = ["session_code", "session_id", "session_uuid"] as const;

/** `GET /api/mfa`: the signed-in user's second factor. */
export const mfaStatusSchema = z.object({
  /** The active method, or null without a second factor. */
  mfa_type: z.enum(MFA_METHODS).nullable(),
  /** True while the user's company makes a second factor mandatory. */
  mandatory: z.boolean(),
  /** Recovery codes not used yet (TOTP only). */
  recovery_codes_left: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** `POST /api/mfa`: starts enrolling a method; nothing changes until `PUT /api/mfa` confirms it. */
export const startMfaEnrolmentBodySchema = z.object({
  type: z.enum(ENROLLABLE_MFA_METHODS),
});
export type StartMfaEnrolmentBody = z.infer<typeof startMfaEnrolmentBodySchema>;

/** What enrolling needs from the user: for TOTP the secret to scan, for e-mail a code was sent. */
export const mfaEnrolmentSchema = z.object({
  type: z.enum(ENROLLABLE_MFA_METHODS),
  /** Base32 secret (TOTP only), for authenticator apps that cannot scan. */
  secret: z.string().nullable(),
  /** otpauth:// URI (TOTP only). */
  otpauth_url: z.string().nullable(),
  /** The otpauth URI as an SVG QR code in a data: URL (TOTP only). */
  qr_code: z.string().nullable(),
  /** Where the code was sent (e-mail only). */
  email: z.string().nullable(),
  expires_at: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

/** `PUT /api/mfa`: confirms the enrolment started last with a code from the new factor. */
export const confirmMfaEnrolmentBodySchema = z.object({
  code: textSchema({ max: 64, trim: true }).regex(/^\d{6}$/, "Enter the 6-digit code"),
});
export type ConfirmMfaEnrolmentBody = z.infer<typeof confirmMfaEnrolmentBodySchema>;

export const mfaEnrolledSchema = z.object({
  mfa_type: z.enum(ENROLLABLE_MFA_METHODS),
  /** Shown once (TOTP only); empty for e-mail. */
  recovery_codes: z.array(z.string()),
});
export type MfaEnrolled = z.infer<typeof mfaEnrolledSchema>;

/** `POST /api/password-confirmation`. */
export const passwordConfirmationBodySchema = z.object({
  password: textSchema({ max: PASSWORD_MAX_LENGTH }).min(1, "Enter your password"),
});
export type PasswordConfirmationBody = z.infer<typeof passwordConfirmationBodySchema>;

/** `PUT /api/user/password`: a new password for the signed-in user. */
export const changePasswordBodySchema = z
  .object({
    current_password: textSchema({ max: PASSWORD_MAX_LENGTH }).min(
      1,
      "Enter your current password",
    ),
    password: newPasswordSchema,
    password_confirmation: textSchema({ max: PASSWORD_MAX_LENGTH }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: "The passwords do not match",
    path: ["password_confirmation"],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** `DELETE /api/admin/users/mfa`: an administrator removes a user's second factor. */
export const removeUserMfaBodySchema = z.object({
  email: emailSchema,
});
export type RemoveUserMfaBody = z.infer<typeof removeUserMfaBodySchema>;

/** `PUT /api/companies/:id/mfa`: whether the company's users must have a second factor. */
export const updateCompanyMfaBodySchema = z.object({
  mandatory: z.boolean(),
});
export type UpdateCompanyMfaBody = z.infer<typeof updateCompanyMfaBodySchema>;
