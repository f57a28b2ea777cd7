import { z } from "zod";
import { companyIdSchema, emailSchema } from "../validation";
import { idParamSchema, idSchema, textSchema } from "./common";
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

export { deriveUserFields, type DerivedUserFields } from "../user-fields";

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
  /** The user's second factor; null without one (two-factor authentication off). */
  mfa_type: z.enum(["email", "teltonika_id", "totp"]).nullable(),
  /** ISO date of the last sign-in; null for a user who never signed in. */
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

/**
 * `GET /api/users/{id}`: RMS's single-user fields (`role` is the title, `role_id` the id,
 * the company with its level and parent) plus what the users list shows.
 */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role_id: z.number().int(),
  /** The role's title, as RMS has it ("Administrator"). */
  role: z.string(),
  role_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  company_level: z.number().int(),
  /** 0 for a top-level company. */
  company_parent_id: z.number().int(),
  mfa_type: z.enum(["email", "teltonika_id", "totp"]).nullable(),
  last_login_at: z.string().nullable(),
  /** `Y-m-d H:i:s` in UTC. */
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const USER_MESSAGES = {
  roleRequired: "Role is required",
  noSuchRole: "No such role.",
  roleNotGrantable: "You cannot give this role.",
  sameRole: "The user already has this role.",
  notYourself: "You cannot do this to your own account.",
  usersRequired: "Choose at least one user",
  tooManyUsers: "Move at most 100 users at once",
  sameCompany: "The user is already in this company.",
  aboveYou: "You cannot act on a user who holds permissions you do not have.",
  roleNotInCompany:
    "The user's role belongs to another company: give the user a role of the new company first.",
} as const;

/**
 * A role as a request names it: its id, or its name (`end_user`). A name is looked up among
 * the fixed roles and the roles of the company concerned and its parents.
 */
export const roleRefSchema = z.union(
  [idSchema, textSchema({ max: 100, trim: true }).min(1, USER_MESSAGES.roleRequired)],
  { error: USER_MESSAGES.roleRequired },
);

/** Body of `PUT /api/users/{id}`: the user's new role (`update_users`). */
export const userUpdateBodySchema = z.object({ role: roleRefSchema });
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/** Body of `POST /api/users/move`: users of your tree into another company of it, at once. */
export const userMoveBodySchema = z.object({
  user_ids: z
    .array(idSchema, { error: USER_MESSAGES.usersRequired })
    .min(1, USER_MESSAGES.usersRequired)
    .max(100, USER_MESSAGES.tooManyUsers),
  company_id: companyIdSchema,
});
export type UserMoveBody = z.infer<typeof userMoveBodySchema>;

/** A row of `GET /api/users/move-logs`: who moved whom from where to where, and when. */
export const userMoveLogSchema = z.object({
  id: z.number().int(),
  /** Null once the user is deleted; `user_email` still names them. */
  user_id: z.number().int().nullable(),
  user_email: z.string(),
  from_company_id: z.number().int().nullable(),
  from_company_name: z.string(),
  to_company_id: z.number().int().nullable(),
  to_company_name: z.string(),
  moved_by_id: z.number().int().nullable(),
  moved_by_email: z.string(),
  /** `Y-m-d H:i:s` in UTC. */
  created_at: z.string(),
});
export type UserMoveLog = z.infer<typeof userMoveLogSchema>;

/** Query of `GET /api/users/move-logs`. */
export const userMoveLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  q: textSchema({ max: 200, trim: true })
    .optional()
    .describe("Matches the moved user's or the mover's e-mail, or a company name."),
  sort: textSchema({ max: 200 })
    .optional()
    .describe("id, created_at, user_email, moved_by_email, from_company_name, to_company_name."),
  user_id: idParamSchema.optional().describe("Only moves of this user."),
  company_id: idParamSchema
    .optional()
    .describe("Only moves from or to this company, which must be in your company tree."),
});
export type UserMoveLogQuery = z.infer<typeof userMoveLogQuerySchema>;

/** Body of `DELETE /api/admin/users`: a super administrator deletes an account by e-mail. */
export const adminDeleteUserBodySchema = z.object({ email: emailSchema });
export type AdminDeleteUserBody = z.infer<typeof adminDeleteUserBodySchema>;

/**
 * An address mail is no longer sent to, because a message to it failed for good (the
 * receiving server refused it). `GET /api/suppressed-emails` lists them.
 */
export const suppressedEmailSchema = z.object({
  email: z.string(),
  /** The receiving server's answer. */
  reason: z.string(),
  /** `Y-m-d H:i:s` in UTC. */
  created_at: z.string(),
});
export type SuppressedEmail = z.infer<typeof suppressedEmailSchema>;

export const suppressedEmailQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  q: textSchema({ max: 200, trim: true }).optional().describe("Part of the address."),
});
export type SuppressedEmailQuery = z.infer<typeof suppressedEmailQuerySchema>;

/** Path of `DELETE /api/suppressed-emails/{email}`. */
export const suppressedEmailParamsSchema = z.object({ email: emailSchema });
