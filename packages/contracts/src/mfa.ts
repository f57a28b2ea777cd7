/** The second factors and the limits of their flow, shared by server and console. */

export const MFA_METHODS = ["email", "teltonika_id", "totp"] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];
/** The methods this server can enrol; `teltonika_id` belongs to an external identity service. */
export const ENROLLABLE_MFA_METHODS = ["totp", "email"] as const satisfies readonly MfaMethod[];
export type EnrollableMfaMethod = (typeof ENROLLABLE_MFA_METHODS)[number];

/** Limits of the second-factor flow, shared by server and console. */
export const MFA_LIMITS = {
  /** Digits of an e-mailed or TOTP code. */
  codeLength: 6,
  /** An e-mailed code and a challenge expire after this many seconds. */
  challengeTtlSeconds: 600,
  /** Wrong codes a challenge accepts before it is spent. */
  maxAttempts: 5,
  /** Challenges a user may be sent in a day, whatever the method. */
  maxChallengesPerDay: 50,
  /** Codes a user may get wrong in a day, over all challenges and sign-ins. */
  maxCodeChecksPerDay: 20,
  /** E-mailed codes sent per user within `emailWindowSeconds`. */
  maxEmailsPerWindow: 5,
  emailWindowSeconds: 600,
  /** Recovery codes issued with a TOTP enrolment; each works once instead of a TOTP code. */
  recoveryCodeCount: 10,
} as const;
