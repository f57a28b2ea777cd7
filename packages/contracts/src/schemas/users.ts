import { z } from "zod";
import { idParamSchema, textSchema } from "./common";
import { searchableListQuerySchema } from "./search";

/**
 * The signed-in user as `GET /api/user` answers it: the fields the console reads (shell
 * §3) plus the fields the public RMS API v3 `/user` has, so scripts written for it work.
 */
export const currentUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    /** 1 for a top-level company, 2 for its subsidiaries, and so on. */
    level: z.number().int(),
    /** 0 for a top-level company. */
    parent_id: z.number().int(),
    show_payment: z.boolean(),
  }),
  role: z.object({ id: z.number().int(), name: z.string(), title: z.string() }),
  avatar_url: z.string().nullable(),
  avatar_path: z.string().nullable(),
  tos_accepted: z.boolean(),
  /** RMS's name for tos_accepted. */
  terms_conditions: z.boolean(),
  email_verified: z.boolean(),
  mfa_type: z.enum(["email", "teltonika_id", "totp"]).nullable(),
  /** When the current access token expires, in seconds since the epoch. */
  exp: z.number().int(),
  permissions: z.array(z.string()),
  /** Scopes of the personal access token used, or every scope for a browser session. */
  scope: z.array(z.string()),
  /** Until when this user allows being impersonated (ISO date), if they granted it. */
  impersonation_access_limit: z.string().nullable(),
  token: z.object({
    sub: z.string(),
    iat: z.number().int(),
    exp: z.number().int(),
    /** Present while impersonating: who is acting as this user. */
    act: z.object({ sub: z.string(), email: z.string() }).optional(),
  }),
  country_iso_code: z.string().nullable(),
  last_login_at: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `GET /api/user` keeps the user at the top level as RMS does, and under `data` too. */
export const currentUserResponseSchema = currentUserSchema.extend({
  success: z.literal(true),
  data: currentUserSchema,
});

/** What the console derives from the current user (shell §3 "Current user"). */
export interface DerivedUserFields {
  company_name: string;
  company_id: number;
  role_title: string;
  /** Someone else is acting as this user: the access token names them in `act`. */
  isImpersonating: boolean;
  /** Payment controls are for top-level companies only (decision D14). */
  show_payment_control: boolean;
}

export function deriveUserFields(
  user: Pick<CurrentUser, "company" | "role" | "token">,
): DerivedUserFields {
  return {
    company_name: user.company.name,
    company_id: user.company.id,
    role_title: user.role.title,
    isImpersonating: user.token.act !== undefined,
    show_payment_control: user.company.level === 1,
  };
}

/** A row of `GET /api/users` (fields as in RMS API v3's user list). */
export const userListItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** The role's id, as RMS has it; `role_name` and `role_title` spell it out. */
  role: z.number().int(),
  role_name: z.string(),
  role_title: z.string(),
  last_login_at: z.string().nullable(),
  /** `Y-m-d H:i:s` in UTC, as RMS has it (`dates.ts`). */
  created_at: z.string(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** Query of `GET /api/users`: the searchable list parameters plus RMS's filters. */
export const userListQuerySchema = searchableListQuerySchema.extend({
  id: textSchema({ max: 2000 }).optional().describe("Only these users (comma-separated ids)."),
  role: textSchema({ max: 100, trim: true })
    .min(1)
    .optional()
    .describe("Only users of this role, by id (`2`) or name (`admin`)."),
  company_id: idParamSchema
    .optional()
    .describe("Only users of this company, which must be in your company tree."),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
