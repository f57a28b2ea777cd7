import { z } from "zod";
import { companyIdSchema, emailSchema } from "../validation";
import { idParamSchema, textSchema } from "./common";
import { roleRefSchema } from "./users";

/** Where an invitation stands: waiting, used to register, past its 7 days, or withdrawn. */
export const INVITATION_STATUSES = ["pending", "accepted", "expired", "revoked"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const INVITATION_MESSAGES = {
  accountExists: "A user with this e-mail address already exists.",
  notPending: "Only a pending or expired invitation can be sent again.",
  alreadyClosed: "This invitation was already accepted or revoked.",
} as const;

/**
 * Body of `POST /api/users/invite` (RMS's `invite_user`, FM-ENTITY-040): the address, the
 * company of your tree the user joins and the role they get, by name or id.
 */
export const invitationCreateBodySchema = z.object({
  email: emailSchema,
  company_id: companyIdSchema,
  role: roleRefSchema,
});
export type InvitationCreateBody = z.infer<typeof invitationCreateBodySchema>;

/** A row of `GET /api/users/invitations` (fields as in RMS API v3's invitation list). */
export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role_id: z.number().int(),
  /** The role's name, as RMS has it (`end_user`). */
  role: z.string(),
  role_title: z.string(),
  /** Why mail to the address fails for good; absent while it is delivered. */
  bounce_status: z.string().optional(),
  company_id: z.number().int(),
  company_name: z.string(),
  status: z.enum(INVITATION_STATUSES),
  /** Null once the inviter's account is deleted. */
  invited_by_id: z.number().int().nullable(),
  invited_by_email: z.string().nullable(),
  /** `Y-m-d H:i:s` in UTC, as are the dates below. */
  created_at: z.string(),
  expires_at: z.string(),
  accepted_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Query of `GET /api/users/invitations`. */
export const invitationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  q: textSchema({ max: 200, trim: true }).optional().describe("Part of the invited address."),
  fields: textSchema({ max: 500 }).optional(),
  sort: textSchema({ max: 200 })
    .optional()
    .describe("id, email, created_at, expires_at, status, company_name, role."),
  role: textSchema({ max: 100, trim: true })
    .min(1)
    .optional()
    .describe("Only invitations to this role, by id (`3`) or name (`end_user`)."),
  company_id: idParamSchema
    .optional()
    .describe("Only invitations to this company, which must be in your company tree."),
  status: textSchema({ max: 100 })
    .optional()
    .describe(
      "Invitations in these states (comma-separated: pending, accepted, expired, revoked); pending only when absent, as RMS lists them.",
    ),
});
export type InvitationListQuery = z.infer<typeof invitationListQuerySchema>;

export const invitationParamsSchema = z.object({ id: idParamSchema });
