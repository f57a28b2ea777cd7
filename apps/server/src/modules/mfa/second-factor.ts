import { randomInt, randomUUID } from "node:crypto";
import { verify } from "otplib";
import { MFA_LIMITS, type MfaSessionFields } from "@netfleet/contracts/schemas/mfa";
import type { AppContext } from "../../app-context";
import { AppError } from "../../plugins/errors";
import { takeDailyAllowance } from "../accounts/attempts";
import { hashSecret, safeEqual } from "../../lib/secrets";
import { mfaCodeMail } from "./mfa-mails";
import type { Db } from "../../db/client";
import { mailLogsRepo } from "../mail-logs/mail-logs.repo";
import { usersRepo } from "../users/users.repo";
import { MFA_CODE_TEMPLATE, mfaRepo } from "./mfa.repo";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIX_DIGITS = /^\d{6}$/;
const RECOVERY_CODE = /^[a-z0-9]{4}-[a-z0-9]{4}$/;

/** A code that does not match: the challenge stays usable, one attempt spent. */
export function codeNotValid(source: string): AppError {
  return new AppError("CONFIRMATION_FAILED", "The authentication code is not valid.", { source });
}

/** The code cannot be checked any more: ask for a new one. */
export function codeExpired(source: string): AppError {
  return new AppError(
    "CONFIRMATION_FAILED",
    "The authentication code has expired. Request a new one.",
    { source },
  );
}

/** A random six-digit code for e-mail. */
export function newNumericCode(): string {
  return String(randomInt(0, 10 ** MFA_LIMITS.codeLength)).padStart(MFA_LIMITS.codeLength, "0");
}

/** E-mailed codes are stored hashed with what they belong to, so one never answers another. */
export function codeHash(salt: string, code: string): string {
  return hashSecret(`${salt}:${code.trim()}`);
}

export function recoveryCodeHash(code: string): string {
  return hashSecret(`recovery:${code.trim().toLowerCase()}`);
}

/**
 * The time step a TOTP code belongs to when it is right within one step either way and
 * later than `afterStep` (a code works once); null otherwise.
 */
export async function matchTotp(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  if (!SIX_DIGITS.test(code.trim())) return null;
  try {
    const result = await verify({
      secret,
      token: code.trim(),
      epochTolerance: 30,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && "timeStep" in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** Refuses another e-mailed code when the user had their fill within the window. */
export async function assertCodeMailAllowed(ctx: AppContext, email: string) {
  const sent = await mailLogsRepo(ctx.db).countRecent(
    email,
    MFA_CODE_TEMPLATE,
    MFA_LIMITS.emailWindowSeconds,
  );
  if (sent >= MFA_LIMITS.maxEmailsPerWindow) {
    throw new AppError(
      "TOO_MANY_REQUESTS",
      "Too many authentication codes were sent. Wait a few minutes and try again.",
      { meta: { retry_after: MFA_LIMITS.emailWindowSeconds } },
    );
  }
}

export interface SecondFactorCheck {
  /** The user whose factor answers: the signed-in user, or the operator while impersonating. */
  userId: number;
  /** The route the answer is good for, "METHOD /url-pattern". */
  purpose: string;
  /** `session_code`, `session_uuid`, `session_id` of the request; null when it sent none. */
  fields: MfaSessionFields | null;
}

interface MfaUser {
  id: number;
  email: string;
  totpSecret: string | null;
  totpLastStep: number | null;
}

/** Records a challenge (e-mailing its code) and answers MFA_REQUIRED with its id. */
async function issueChallenge(
  ctx: AppContext,
  user: MfaUser,
  method: "email" | "totp",
  purpose: string,
): Promise<never> {
  await takeDailyAllowance(
    ctx,
    `mfa-challenge:${user.id}`,
    MFA_LIMITS.maxChallengesPerDay,
    "Too many authentication codes were asked for today.",
  );
  const id = randomUUID();
  const base = { id, userId: user.id, method, purpose, ttlSeconds: MFA_LIMITS.challengeTtlSeconds };
  if (method === "email") {
    await assertCodeMailAllowed(ctx, user.email);
    const code = newNumericCode();
    const deliver = await ctx.db.transaction(async (tx) => {
      await mfaRepo(tx).createChallenge({ ...base, codeHash: codeHash(id, code) });
      return ctx.mailer.enqueue(
        tx,
        mfaCodeMail(user.email, code, MFA_LIMITS.challengeTtlSeconds / 60),
      );
    });
    await deliver();
  } else {
    await mfaRepo(ctx.db).createChallenge({ ...base, codeHash: null });
  }
  throw new AppError("MFA_REQUIRED", "Enter the authentication code to continue.", {
    meta: { mfa_method: method, mfa_type: method, session_uuid: id, session_id: id },
  });
}

/** Whether `code` answers the challenge; spends the TOTP step or recovery code it used. */
async function acceptCode(
  db: Db,
  user: MfaUser,
  challenge: { id: string; method: "email" | "totp"; codeHash: string | null },
  code: string,
): Promise<boolean> {
  if (challenge.method === "email" && challenge.codeHash) {
    if (safeEqual(codeHash(challenge.id, code), challenge.codeHash)) return true;
  }
  if (challenge.method === "totp" && user.totpSecret) {
    const step = await matchTotp(user.totpSecret, code, user.totpLastStep);
    if (step !== null) return usersRepo(db).advanceTotpStep(user.id, step);
  }
  const normalised = code.trim().toLowerCase();
  return (
    RECOVERY_CODE.test(normalised) && mfaRepo(db).useRecoveryCode(user.id, recoveryCodeHash(code))
  );
}

/** Thrown inside the transaction so that nothing it did stays; counted as an attempt. */
class WrongCode extends Error {}

/**
 * The second-factor decision for one request, shared by sensitive routes and sign-in.
 * Returns when the request may go on: the user has no factor this server checks, or the
 * request answered its challenge. Otherwise throws MFA_REQUIRED (a new challenge),
 * CONFIRMATION_FAILED (wrong, spent or expired code) or TOO_MANY_REQUESTS.
 *
 * `teltonika_id` belongs to an external identity service this server cannot ask, so it
 * is not checked here.
 */
export async function requireSecondFactor(ctx: AppContext, check: SecondFactorCheck) {
  const repo = mfaRepo(ctx.db);
  const user = await usersRepo(ctx.db).findCredentials(check.userId);
  if (!user) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
  const method = user.mfaType;
  if (method !== "email" && method !== "totp") return;

  const { session_code: code, session_uuid: uuid, session_id: sessionId } = check.fields ?? {};
  const challengeId = uuid ?? sessionId;
  if (!code || !challengeId) return issueChallenge(ctx, user, method, check.purpose);
  if ((uuid && sessionId && uuid !== sessionId) || !UUID.test(challengeId))
    throw codeExpired("session_code");

  // Every check is counted before it is made, per challenge and per user and day, so
  // concurrent guesses cannot all pass a count read before any of them was written.
  const challenge = await repo.takeChallengeAttempt(
    challengeId,
    user.id,
    check.purpose,
    MFA_LIMITS.maxAttempts,
  );
  if (!challenge) throw codeExpired("session_code");
  const giveBack = await takeDailyAllowance(
    ctx,
    `mfa-code:${user.id}`,
    MFA_LIMITS.maxCodeChecksPerDay,
    "Too many wrong authentication codes today.",
  );
  try {
    await ctx.db.transaction(async (tx) => {
      const txRepo = mfaRepo(tx);
      // Consumed first and atomically: two requests racing with one code cannot both pass.
      if (!(await txRepo.consumeChallenge(challenge.id))) throw codeExpired("session_code");
      if (!(await acceptCode(tx, user, challenge, code))) throw new WrongCode();
    });
  } catch (err) {
    if (!(err instanceof WrongCode)) throw err;
    throw codeNotValid("session_code");
  }
  await giveBack();
}
