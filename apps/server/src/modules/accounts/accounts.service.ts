import type { AppContext } from "../../app-context";
import type { Db } from "../../db/client";
import type { MailMessage } from "../../plugins/mailer";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../plugins/errors";
import { notifyUsers } from "../notifications/notifications.service";
import { resetPasswordMail, signInLinkMail, verifyEmailMail } from "./account-mails";
import { invitationsRepo } from "../invitations/invitations.repo";
import { usersRepo } from "../users/users.repo";
import { accountsRepo } from "./accounts.repo";
import { type PasswordAttempt, takePasswordAttempt } from "./attempts";
import { hashPassword, verifyPassword } from "./passwords";
import { hashSecret, newSecret } from "../../lib/secrets";

const HOUR_MS = 3_600_000;
export const LINK_LIFETIMES_MS = {
  verifyEmail: 24 * HOUR_MS,
  resetPassword: HOUR_MS,
  signInLink: HOUR_MS / 4,
} as const;

function link(ctx: Pick<AppContext, "publicUrl">, path: string, token: string): string {
  return `${ctx.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

/** Records a confirmation link in `db` (a transaction) and queues its e-mail. */
async function queueEmailVerification(
  ctx: AppContext,
  db: Db,
  user: { id: number; email: string },
) {
  const token = newSecret();
  await accountsRepo(db).createUserToken(
    user.id,
    "verify_email",
    hashSecret(token),
    new Date(Date.now() + LINK_LIFETIMES_MS.verifyEmail),
  );
  return ctx.mailer.enqueue(
    db,
    verifyEmailMail(user.email, link(ctx, "/account/verify-email", token)),
  );
}

/** Sends a fresh e-mail confirmation link. */
export async function sendEmailVerification(ctx: AppContext, user: { id: number; email: string }) {
  const deliver = await ctx.db.transaction((tx) => queueEmailVerification(ctx, tx, user));
  await deliver();
}

const emailTaken = () =>
  new AppError("CONFLICT", "This e-mail address is already in use by another account.", {
    source: "email",
  });

/**
 * Gives an account whose e-mail is still its user name (older accounts) a real address.
 * The address is unconfirmed until the link sent to it is opened, as after registration.
 */
export async function changeEmail(ctx: AppContext, userId: number, email: string) {
  const account = await usersRepo(ctx.db).findSummary(userId);
  if (!account) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  if (account.username?.toLowerCase() !== account.email) {
    throw new AppError(
      "FORBIDDEN",
      "Your e-mail address can be changed here only while it is also your user name.",
      { source: "email" },
    );
  }
  if (email === account.email) {
    throw new AppError(
      "VALIDATION_FAILED",
      "This is already your e-mail address. Enter the address you read.",
      { source: "email" },
    );
  }
  let deliver: () => Promise<void>;
  try {
    deliver = await ctx.db.transaction(async (tx) => {
      if (!(await accountsRepo(tx).changeEmail(userId, email))) throw emailTaken();
      return queueEmailVerification(ctx, tx, { id: userId, email });
    });
  } catch (err) {
    // Two accounts claiming the same address at once: the index decides.
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
  await deliver();
}

/**
 * E-mails a one-time link to an enabled account with this address; silent otherwise, so
 * the caller learns nothing of which accounts exist.
 */
async function mailLinkToAccount(
  ctx: AppContext,
  email: string,
  purpose: "reset_password" | "sign_in_link",
  mail: (to: string, token: string) => MailMessage,
) {
  const user = await usersRepo(ctx.db).findCredentialsByEmail(email);
  if (!user || user.disabledAt) return;
  const token = newSecret();
  const lifetime =
    purpose === "reset_password" ? LINK_LIFETIMES_MS.resetPassword : LINK_LIFETIMES_MS.signInLink;
  const deliver = await ctx.db.transaction(async (tx) => {
    await accountsRepo(tx).createUserToken(
      user.id,
      purpose,
      hashSecret(token),
      new Date(Date.now() + lifetime),
    );
    return ctx.mailer.enqueue(tx, mail(user.email, token));
  });
  await deliver();
}

export function sendPasswordReset(ctx: AppContext, email: string) {
  return mailLinkToAccount(ctx, email, "reset_password", (to, token) =>
    resetPasswordMail(to, link(ctx, "/account/reset-password", token)),
  );
}

/** `continuePath` is a same-host path the sign-in link brings the user back to. */
export function sendSignInLink(ctx: AppContext, email: string, continuePath: string | null) {
  return mailLinkToAccount(ctx, email, "sign_in_link", (to, token) => {
    const url = link(ctx, "/account/sign-in-link", token);
    return signInLinkMail(
      to,
      continuePath ? `${url}&continue_url=${encodeURIComponent(continuePath)}` : url,
    );
  });
}

const invalidLink = (what: string) =>
  new AppError("INVALID_TOKEN", `This ${what} link is invalid, already used or expired.`, {
    source: "token",
  });

/** Sets a new password from a reset link and ends every session of the account. */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const repo = accountsRepo(tx);
    const userId = await repo.consumeUserToken(hashSecret(token), "reset_password");
    if (userId === undefined) throw invalidLink("password reset");
    await repo.setPassword(userId, passwordHash);
    // The link arrived by e-mail, which proves the address.
    await usersRepo(tx).markEmailVerified(userId);
    await repo.revokeUserSessions(userId, "password_reset");
  });
}

/** The enabled account a sign-in link is for; the link stays usable (a code may follow). */
export async function signInLinkUser(ctx: AppContext, token: string): Promise<number> {
  const userId = await accountsRepo(ctx.db).findOpenUserToken(hashSecret(token), "sign_in_link");
  if (userId === undefined) throw invalidLink("sign-in");
  return userId;
}

/** Uses a sign-in link up. It arrived by e-mail, which proves the address. */
export async function useSignInLink(ctx: AppContext, token: string) {
  await ctx.db.transaction(async (tx) => {
    const repo = accountsRepo(tx);
    const userId = await repo.consumeUserToken(hashSecret(token), "sign_in_link");
    if (userId === undefined) throw invalidLink("sign-in");
    await usersRepo(tx).markEmailVerified(userId);
  });
}

/** Confirms an address. Opening the same link again after it worked is not an error. */
export async function verifyEmail(ctx: AppContext, token: string) {
  await ctx.db.transaction(async (tx) => {
    const repo = accountsRepo(tx);
    const userId = await repo.consumeUserToken(hashSecret(token), "verify_email");
    if (userId !== undefined) return usersRepo(tx).markEmailVerified(userId);
    if (!(await repo.wasConfirmedWith(hashSecret(token)))) throw invalidLink("confirmation");
  });
}

export async function previewInvitation(ctx: AppContext, token: string) {
  const invitation = await invitationsRepo(ctx.db).findOpen(hashSecret(token));
  if (!invitation) throw invalidLink("invitation");
  return invitation;
}

/**
 * Creates the account an invitation was for. The invitation came to that address, so the
 * address counts as confirmed; the inviter is notified. Returns the new user's id.
 */
export async function registerByInvitation(
  ctx: AppContext,
  input: {
    token: string;
    password: string;
    first_name?: string | undefined;
    last_name?: string | undefined;
  },
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  const { userId, invitation } = await ctx.db.transaction(async (tx) => {
    const repo = invitationsRepo(tx);
    const invitation = await repo.findOpen(hashSecret(input.token));
    if (!invitation || !(await repo.accept(invitation.id))) throw invalidLink("invitation");
    const userId = await usersRepo(tx).create({
      email: invitation.email,
      username: invitation.email.split("@")[0] ?? null,
      firstName: input.first_name || null,
      lastName: input.last_name || null,
      passwordHash,
      companyId: invitation.companyId,
      roleId: invitation.roleId,
      emailVerified: true,
    });
    if (userId === undefined) {
      throw new AppError(
        "CONFLICT",
        "An account with this e-mail already exists. Sign in instead.",
        {
          source: "email",
        },
      );
    }
    return { userId, invitation };
  });
  if (invitation.invitedById !== null) {
    await notifyUsers(ctx, [invitation.invitedById], {
      type: "invitedUserRegistration",
      summary: `${invitation.email} accepted your invitation and joined ${invitation.companyName}`,
    });
  }
  return userId;
}

/** Inviting belongs to the invitations module; the demo seed and tests reach it from here too. */
export { createInvitation } from "../invitations/invitations.service";

/**
 * Checks an e-mail and password from `ip`, counting the attempt (see attempts.ts). The
 * caller settles the returned attempt once it knows whether the whole sign-in succeeded.
 */
export async function checkCredentials(
  ctx: AppContext,
  email: string,
  password: string,
  ip: string,
): Promise<{ userId: number; attempt: PasswordAttempt }> {
  const attempt = await takePasswordAttempt(ctx, email, ip);
  const user = await usersRepo(ctx.db).findCredentialsByEmail(email);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok)
    throw new AppError("INVALID_CREDENTIALS", "The e-mail or password is incorrect.");
  if (user.disabledAt)
    throw new AppError("ACCOUNT_DISABLED", "This account is disabled. Ask your administrator.");
  return { userId: user.id, attempt };
}

/**
 * Whether the user's company requires a second factor the user has not set up. An
 * unconfirmed address is dealt with first (see `authorize`).
 */
export async function mustEnrolMfa(ctx: AppContext, userId: number): Promise<boolean> {
  const state = await usersRepo(ctx.db).findCredentials(userId);
  return (
    state !== undefined &&
    state.mfaMandatory &&
    state.mfaType === null &&
    state.emailVerifiedAt !== null
  );
}
