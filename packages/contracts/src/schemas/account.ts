import { z } from "zod";
import { API_SCOPES, type ApiScope } from "../scopes";
import { textSchema } from "./common";

/**
 * Requests and answers of the account service mounted at /account: sign-in, sessions,
 * registration by invitation, e-mail verification, password reset and personal access
 * tokens.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = textSchema({ max: 254, tooLong: "E-mail is too long", trim: true })
  .min(1, "E-mail is required")
  .pipe(z.email("Enter a valid e-mail address"))
  .transform((e) => e.toLowerCase());

export const newPasswordSchema = textSchema({
  max: PASSWORD_MAX_LENGTH,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
}).min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);

export const signInBodySchema = z.object({
  email: emailSchema,
  password: textSchema({ max: PASSWORD_MAX_LENGTH }).min(1, "Password is required"),
  /** Where to go afterwards; followed only when its host is the server's own. */
  continue_url: textSchema({ max: 2000 }).optional(),
});
export type SignInBody = z.input<typeof signInBodySchema>;

/** Where the browser goes after signing in: the landing page or a same-host continue_url. */
export const signInResultSchema = z.object({ location: z.string() });

export const revokeBodySchema = z
  .object({
    client_id: textSchema({ max: 200 }).optional(),
    redirect_uri: textSchema({ max: 2000 }).optional(),
  })
  .default({});

export const revokeResultSchema = z.object({ location: z.string().nullable() });

export const refreshResultSchema = z.object({
  /** When the new access token expires, in seconds since the epoch. */
  exp: z.number().int(),
});

export const updateAccountUserBodySchema = z.object({
  tos_accepted: z.boolean().optional(),
  /**
   * A new e-mail address, for accounts whose e-mail still equals their user name (the
   * "Please enter your email address" prompt). It is stored unconfirmed and a
   * confirmation link goes to it.
   */
  email: emailSchema.optional(),
});
export type UpdateAccountUserBody = z.input<typeof updateAccountUserBodySchema>;

export const verifyEmailBodySchema = z.object({ token: textSchema({ max: 200 }).min(1) });

export const invitationPreviewSchema = z.object({
  email: z.string(),
  company_name: z.string(),
  role_title: z.string(),
  expires_at: z.string(),
});

export const registerBodySchema = z.object({
  token: textSchema({ max: 200 }).min(1),
  first_name: textSchema({ max: 100, trim: true }).optional(),
  last_name: textSchema({ max: 100, trim: true }).optional(),
  password: newPasswordSchema,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

/**
 * A sign-in link by e-mail: the way past the sign-in throttle for the owner of the address,
 * so that strangers guessing passwords can slow an account down but never lock it.
 */
export const requestSignInLinkBodySchema = z.object({
  email: emailSchema,
  continue_url: textSchema({ max: 2000 }).optional(),
});
export type RequestSignInLinkBody = z.input<typeof requestSignInLinkBodySchema>;

/** Redeems the link's token; answers like sign-in (`location`, or MFA_REQUIRED first). */
export const signInLinkBodySchema = z.object({
  token: textSchema({ max: 200 }).min(1),
  continue_url: textSchema({ max: 2000 }).optional(),
});

export const resetPasswordBodySchema = z.object({
  token: textSchema({ max: 200 }).min(1),
  password: newPasswordSchema,
});

export const apiScopeSchema = z.enum(API_SCOPES as [ApiScope, ...ApiScope[]]);

export const personalAccessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(apiScopeSchema),
  /** The first characters of the token, to recognise it in the list. */
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type PersonalAccessToken = z.infer<typeof personalAccessTokenSchema>;

export const createTokenBodySchema = z.object({
  name: textSchema({ max: 100, tooLong: "Name is too long", trim: true }).min(
    1,
    "Name is required",
  ),
  scopes: z.array(apiScopeSchema).min(1, "Choose at least one scope"),
  /** Days until the token stops working; absent for a token that does not expire. */
  expires_in_days: z.number().int().min(1).max(3650).optional(),
});
export type CreateTokenBody = z.input<typeof createTokenBodySchema>;

/** The only answer that ever carries the token's secret. */
export const createdTokenSchema = personalAccessTokenSchema.extend({ token: z.string() });
