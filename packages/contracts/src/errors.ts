/**
 * Error codes the API answers in `errors[].code`, with the HTTP status each one goes out
 * with. The console reacts to some codes by name (session start, MFA, password
 * confirmation), so a code once published keeps its meaning.
 */
export const ERROR_CODES = {
  /** The request body or query failed validation; `source` names the field. */
  VALIDATION_FAILED: 422,
  /** The request could not be read at all (malformed JSON, wrong content type). */
  BAD_REQUEST: 400,
  /** No valid session or token came with the request. */
  UNAUTHORIZED: 401,
  /** Sign-in with an e-mail and password that do not match an account. */
  INVALID_CREDENTIALS: 401,
  /** The caller is known but lacks the permission or the company scope. */
  FORBIDDEN: 403,
  /** The personal access token lacks the scope the route needs. */
  INSUFFICIENT_SCOPE: 403,
  /** A state-changing request without a matching X-XSRF-TOKEN header. */
  XSRF_TOKEN_MISMATCH: 403,
  /** The account has not confirmed its e-mail address yet. */
  EMAIL_NOT_VERIFIED: 403,
  /** A single-sign-on user who was never invited. */
  NOT_INVITED_EXTERNAL_USER: 403,
  /** The account must set up a second factor before using the console. */
  MFA_MANDATORY: 403,
  /** The account is disabled by an administrator. */
  ACCOUNT_DISABLED: 403,
  NOT_FOUND: 404,
  /** The HTTP method is not served on this path. */
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** A one-time download link that was used, or whose update has ended. */
  GONE: 410,
  /** An invitation, verification or reset link that is unknown, used or expired. */
  INVALID_TOKEN: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A sensitive action needs the password again (POST /api/password-confirmation). */
  PASSWORD_CONFIRMATION_REQUIRED: 423,
  /** A second factor is needed; `meta.mfa_method` and `meta.session_uuid` say how. */
  MFA_REQUIRED: 403,
  /** A second-factor code that does not match. */
  CONFIRMATION_FAILED: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Codes that end session start-up in a dedicated screen instead of the maintenance
 * screen (shell §8).
 */
export const START_UP_ERROR_CODES = [
  "EMAIL_NOT_VERIFIED",
  "NOT_INVITED_EXTERNAL_USER",
  "MFA_MANDATORY",
] as const satisfies readonly ErrorCode[];
