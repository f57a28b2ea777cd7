import { randomInt } from "node:crypto";
import { generateSecret, generateURI } from "otplib";
import {
  type EnrollableMfaMethod,
  MFA_LIMITS,
  type MfaEnrolled,
  type MfaEnrolment,
  type MfaStatus,
} from "@netfleet/contracts/schemas/mfa";
import type { AppContext } from "../../app-context";
import type { MfaPending } from "../../db/schema";
import { AppError } from "../../plugins/errors";
import { accountsRepo } from "../accounts/accounts.repo";
import { takeDailyAllowance, takePasswordAttempt } from "../accounts/attempts";
import { hashPassword, verifyPassword } from "../accounts/passwords";
import { usersRepo } from "../users/users.repo";
import { safeEqual } from "../../lib/secrets";
import { mfaCodeMail } from "./mfa-mails";
import { mfaRepo } from "./mfa.repo";
import {
  assertCodeMailAllowed,
  codeExpired,
  codeHash,
  codeNotValid,
  matchTotp,
  newNumericCode,
  recoveryCodeHash,
} from "./second-factor";

/** Letters and digits that cannot be mistaken for one another when copied by hand. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

function newRecoveryCode(): string {
  const part = () =>
    Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      "",
    );
  return `${part()}-${part()}`;
}

const enrolmentSalt = (userId: number) => `enrolment:${userId}`;

async function loadUser(ctx: AppContext, userId: number) {
  const user = await usersRepo(ctx.db).findCredentials(userId);
  if (!user) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  return user;
}

export async function mfaStatus(ctx: AppContext, userId: number): Promise<MfaStatus> {
  const user = await loadUser(ctx, userId);
  return {
    mfa_type: user.mfaType,
    mandatory: user.mfaMandatory,
    recovery_codes_left:
      user.mfaType === "totp" ? await mfaRepo(ctx.db).countUnusedRecoveryCodes(userId) : 0,
  };
}

/** Starts enrolling a method, replacing an enrolment in progress. Nothing is active yet. */
export async function startEnrolment(
  ctx: AppContext,
  userId: number,
  type: EnrollableMfaMethod,
): Promise<MfaEnrolment> {
  const user = await loadUser(ctx, userId);
  const expiresAt = new Date(Date.now() + MFA_LIMITS.challengeTtlSeconds * 1000).toISOString();
  if (type === "totp") {
    const secret = generateSecret();
    const otpauthUrl = generateURI({
      issuer: ctx.theme.app_name || "Netfleet",
      label: user.email,
      secret,
    });
    // Loaded on first enrolment: the encoder and its PNG writer are no use to an idle server.
    const { default: QRCode } = await import("qrcode");
    const svg = await QRCode.toString(otpauthUrl, { type: "svg" });
    await usersRepo(ctx.db).setMfaPending(userId, {
      type,
      secret,
      codeHash: null,
      expiresAt,
      attempts: 0,
    });
    return {
      type,
      secret,
      otpauth_url: otpauthUrl,
      qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
      email: null,
      expires_at: expiresAt,
    };
  }
  await assertCodeMailAllowed(ctx, user.email);
  const code = newNumericCode();
  const pending: MfaPending = {
    type,
    secret: null,
    codeHash: codeHash(enrolmentSalt(userId), code),
    expiresAt,
    attempts: 0,
  };
  const deliver = await ctx.db.transaction(async (tx) => {
    await usersRepo(tx).setMfaPending(userId, pending);
    return ctx.mailer.enqueue(
      tx,
      mfaCodeMail(user.email, code, MFA_LIMITS.challengeTtlSeconds / 60),
    );
  });
  await deliver();
  return {
    type,
    secret: null,
    otpauth_url: null,
    qr_code: null,
    email: user.email,
    expires_at: expiresAt,
  };
}

/**
 * Confirms the enrolment in progress with a code of the new factor and turns it on.
 * TOTP gets fresh recovery codes, returned here once and stored only as hashes.
 */
export async function confirmEnrolment(
  ctx: AppContext,
  userId: number,
  code: string,
): Promise<MfaEnrolled> {
  // Counted before it is checked, in one statement, like the answers to a challenge.
  const pending = await usersRepo(ctx.db).takeMfaEnrolmentAttempt(userId, MFA_LIMITS.maxAttempts);
  if (!pending || Date.parse(pending.expiresAt) <= Date.now()) throw codeExpired("code");
  const giveBack = await takeDailyAllowance(
    ctx,
    `mfa-code:${userId}`,
    MFA_LIMITS.maxCodeChecksPerDay,
    "Too many wrong authentication codes today.",
  );
  let step: number | null = null;
  let matches = false;
  if (pending.type === "totp" && pending.secret) {
    step = await matchTotp(pending.secret, code, null);
    matches = step !== null;
  } else if (pending.codeHash) {
    matches = safeEqual(codeHash(enrolmentSalt(userId), code), pending.codeHash);
  }
  if (!matches) throw codeNotValid("code");
  await giveBack();
  const recoveryCodes =
    pending.type === "totp"
      ? Array.from({ length: MFA_LIMITS.recoveryCodeCount }, newRecoveryCode)
      : [];
  await ctx.db.transaction(async (tx) => {
    const repo = mfaRepo(tx);
    await repo.enable(userId, pending.type, pending.secret, recoveryCodes.map(recoveryCodeHash));
    // The code that confirmed the enrolment has been seen: it must not answer a challenge.
    if (step !== null) await usersRepo(tx).advanceTotpStep(userId, step);
  });
  return { mfa_type: pending.type, recovery_codes: recoveryCodes };
}

/** Turns the user's second factor off, unless their company requires one. */
export async function disableMfa(ctx: AppContext, userId: number) {
  const user = await loadUser(ctx, userId);
  if (user.mfaMandatory) {
    throw new AppError("VALIDATION_FAILED", "Your company requires two-factor authentication.");
  }
  await ctx.db.transaction((tx) => mfaRepo(tx).disable(userId));
}

/** Answers 423 when the session's password was not typed within the confirmation window. */
export async function requireRecentPassword(ctx: AppContext, sessionId: string) {
  const at = await accountsRepo(ctx.db).passwordConfirmedAt(sessionId);
  const windowMs = ctx.env.PASSWORD_CONFIRMATION_SECONDS * 1000;
  if (!at || Date.now() - at.getTime() > windowMs) {
    throw new AppError("PASSWORD_CONFIRMATION_REQUIRED", "Confirm your password to continue.");
  }
}

/**
 * Checks the signed-in user's password from `ip`. Wrong ones count like failed sign-ins,
 * so a session cannot be used to guess the password without limit.
 */
async function assertPassword(
  ctx: AppContext,
  userId: number,
  ip: string,
  password: string,
  error: { source: string; message: string },
) {
  const user = await loadUser(ctx, userId);
  const attempt = await takePasswordAttempt(ctx, user.email, ip, "password");
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("VALIDATION_FAILED", error.message, { source: error.source });
  }
  await attempt.succeeded();
}

/** The session's user typed the password again: routes needing it work for a while. */
export async function confirmSessionPassword(
  ctx: AppContext,
  userId: number,
  sessionId: string,
  ip: string,
  password: string,
) {
  await assertPassword(ctx, userId, ip, password, {
    source: "password",
    message: "The password is incorrect.",
  });
  await accountsRepo(ctx.db).confirmPassword(sessionId);
}

/** Sets a new password and ends every other session of the user; this one stays. */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  sessionId: string,
  ip: string,
  input: { current_password: string; password: string },
) {
  await assertPassword(ctx, userId, ip, input.current_password, {
    source: "current_password",
    message: "The current password is incorrect.",
  });
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const repo = accountsRepo(tx);
    await repo.setPassword(userId, passwordHash);
    await repo.revokeUserSessions(userId, "password_changed", sessionId);
  });
}
