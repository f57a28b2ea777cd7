import {
  INVITATION_MESSAGES,
  type InvitationCreateBody,
} from "@netfleet/contracts/schemas/invitations";
import type { AppContext } from "../../app-context";
import type { Db } from "../../db/client";
import { hashSecret, newSecret } from "../../lib/secrets";
import type { Auth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { invitationMail } from "../accounts/account-mails";
import { usersRepo } from "../users/users.repo";
import { companyOfTree, grantedRoleId } from "../users/users.service";
import { invitationsRepo } from "./invitations.repo";

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

const expiry = () => new Date(Date.now() + INVITATION_LIFETIME_MS);

function registrationLink(ctx: Pick<AppContext, "publicUrl">, token: string): string {
  return `${ctx.publicUrl}/account/register?token=${encodeURIComponent(token)}`;
}

const noSuchInvitation = () => new AppError("NOT_FOUND", "No such invitation.", { source: "id" });

const invalid = (message: string, source: string) =>
  new AppError("VALIDATION_FAILED", message, { source });

/**
 * Records an invitation and queues its e-mail in `db` (a transaction). Returns the id, the
 * secret token (for a caller that needs the link, such as the demo seed) and the delivery
 * to run after commit.
 */
export async function createInvitation(
  ctx: Pick<AppContext, "mailer" | "publicUrl">,
  db: Db,
  input: {
    email: string;
    companyId: number;
    companyName: string;
    roleId: number;
    invitedBy: { id: number; email: string } | null;
  },
) {
  // One spelling for the row, the mail and the account it becomes.
  const email = input.email.toLowerCase();
  const token = newSecret();
  const id = await invitationsRepo(db).insert({
    email,
    companyId: input.companyId,
    roleId: input.roleId,
    invitedById: input.invitedBy?.id ?? null,
    tokenHash: hashSecret(token),
    expiresAt: expiry(),
  });
  const deliver = await ctx.mailer.enqueue(
    db,
    invitationMail(
      email,
      registrationLink(ctx, token),
      input.companyName,
      input.invitedBy?.email ?? "An administrator",
    ),
  );
  return { id, token, deliver };
}

async function assertNoAccount(ctx: AppContext, email: string) {
  if (await usersRepo(ctx.db).emailTaken(email)) {
    throw invalid(INVITATION_MESSAGES.accountExists, "email");
  }
}

/**
 * Invites an address into a company of the caller's tree with a role the caller may give,
 * and mails the registration link. Returns the invitation's id.
 */
export async function inviteUser(
  ctx: AppContext,
  auth: Auth,
  body: InvitationCreateBody,
): Promise<number> {
  const company = await companyOfTree(ctx.db, auth, body.company_id);
  const roleId = await grantedRoleId(ctx.db, auth, company.id, body.role);
  await assertNoAccount(ctx, body.email);
  const { id, deliver } = await ctx.db.transaction((tx) =>
    createInvitation(ctx, tx, {
      email: body.email,
      companyId: company.id,
      companyName: company.name,
      roleId,
      invitedBy: { id: auth.user.id, email: auth.user.email },
    }),
  );
  await deliver();
  return id;
}

/**
 * Mails a pending or expired invitation again with a new link, valid for a new 7 days; the
 * old link stops working. The caller must be allowed to give the role it offers.
 */
export async function resendInvitation(ctx: AppContext, auth: Auth, id: number) {
  const row = await invitationsRepo(ctx.db).find(auth.tenant, id);
  if (!row) throw noSuchInvitation();
  const notPending = () => invalid(INVITATION_MESSAGES.notPending, "id");
  if (row.status === "accepted" || row.status === "revoked") throw notPending();
  await grantedRoleId(ctx.db, auth, row.invitation.companyId, row.invitation.roleId);
  await assertNoAccount(ctx, row.invitation.email);
  const token = newSecret();
  const deliver = await ctx.db.transaction(async (tx) => {
    if (!(await invitationsRepo(tx).renew(id, hashSecret(token), expiry()))) throw notPending();
    return ctx.mailer.enqueue(
      tx,
      invitationMail(
        row.invitation.email,
        registrationLink(ctx, token),
        row.companyName,
        auth.user.email,
      ),
    );
  });
  await deliver();
}

/** Withdraws an invitation that was not accepted: its link stops working. */
export async function revokeInvitation(ctx: AppContext, auth: Auth, id: number) {
  const row = await invitationsRepo(ctx.db).find(auth.tenant, id);
  if (!row) throw noSuchInvitation();
  if (!(await invitationsRepo(ctx.db).revoke(id))) {
    throw invalid(INVITATION_MESSAGES.alreadyClosed, "id");
  }
}
