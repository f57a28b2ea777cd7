import { toRmsDateTime } from "@netfleet/contracts/dates";
import type { Invitation } from "@netfleet/contracts/schemas/invitations";
import type { InvitationRow } from "./invitations.repo";

/** An invitation in RMS's shape (`role` is the name), with where it stands. */
export function presentInvitation(row: InvitationRow): Invitation {
  const { invitation } = row;
  return {
    id: invitation.id,
    email: invitation.email,
    role_id: invitation.roleId,
    role: row.roleName,
    role_title: row.roleTitle,
    // RMS's bounce_status is never null: absent while mail to the address is delivered.
    ...(row.bounceStatus !== null && { bounce_status: row.bounceStatus }),
    company_id: invitation.companyId,
    company_name: row.companyName,
    status: row.status,
    invited_by_id: invitation.invitedById,
    invited_by_email: row.invitedByEmail,
    created_at: toRmsDateTime(invitation.createdAt),
    expires_at: toRmsDateTime(invitation.expiresAt),
    accepted_at: invitation.acceptedAt && toRmsDateTime(invitation.acceptedAt),
    revoked_at: invitation.revokedAt && toRmsDateTime(invitation.revokedAt),
  };
}
