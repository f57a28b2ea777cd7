import type { AppContext } from "../../app-context";
import { AppError } from "../../plugins/errors";
import { type AttemptPolicy, attemptsRepo } from "./attempts.repo";
import { hashSecret } from "../../lib/secrets";

/**
 * Guessing a password is slowed per account and source address: a stranger elsewhere can
 * slow an account only through the much larger per-account allowance, and its owner gets
 * past that with a sign-in link by e-mail. Keys depend on the typed address, never on
 * whether an account exists, so unknown and known addresses answer alike.
 */
function passwordPolicies(ctx: AppContext) {
  const maxWaitSeconds = ctx.env.SIGNIN_LOCK_MINUTES * 60;
  const free = ctx.env.SIGNIN_RATE_LIMIT_ACCOUNT;
  return {
    source: { free, firstWaitSeconds: 30, maxWaitSeconds },
    account: { free: free * 10, firstWaitSeconds: 60, maxWaitSeconds },
  } satisfies Record<string, AttemptPolicy>;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** An attempt at a password that was counted; settle it once the outcome is known. */
export interface PasswordAttempt {
  /** The password (and any second factor) was right: the address starts afresh. */
  succeeded(): Promise<void>;
  /**
   * The password was right but a second factor is still asked for: this attempt is not
   * counted, earlier ones still are, so alternating with wrong codes gains nothing.
   */
  notCounted(): Promise<void>;
}

/**
 * Counts an attempt at the password of `email` from `ip`, or refuses it with 429 while the
 * account waits. `what` names the attempt in the message.
 */
export async function takePasswordAttempt(
  ctx: AppContext,
  email: string,
  ip: string,
  what: "sign-in" | "password" = "sign-in",
): Promise<PasswordAttempt> {
  const repo = attemptsRepo(ctx.db);
  const policies = passwordPolicies(ctx);
  const accountKey = `password:${hashSecret(email.trim().toLowerCase())}`;
  const sourceKey = `${accountKey}:${hashSecret(ip)}`;
  let wait = await repo.take(sourceKey, policies.source);
  if (wait === 0) {
    wait = await repo.take(accountKey, policies.account);
    if (wait > 0) await repo.giveBack(sourceKey);
  }
  if (wait > 0) {
    const message =
      what === "sign-in"
        ? `Too many failed sign-in attempts. Try again in ${waitText(wait)}, or sign in with a link sent by e-mail.`
        : `Too many wrong passwords. Try again in ${waitText(wait)}.`;
    throw new AppError("TOO_MANY_REQUESTS", message, {
      meta: { retry_after: wait, ...(what === "sign-in" ? { sign_in_link: true } : {}) },
    });
  }
  return {
    async succeeded() {
      await repo.clear(sourceKey);
      await repo.giveBack(accountKey);
    },
    async notCounted() {
      await repo.giveBack(sourceKey);
      await repo.giveBack(accountKey);
    },
  };
}

/**
 * Counts one use of a per-user daily allowance (second-factor challenges, code checks), or
 * refuses it with 429. Returns a function that takes the use back (a right code).
 */
export async function takeDailyAllowance(
  ctx: AppContext,
  key: string,
  perDay: number,
  message: string,
): Promise<() => Promise<void>> {
  const repo = attemptsRepo(ctx.db);
  const wait = await repo.take(key, {
    free: perDay,
    firstWaitSeconds: 86_400,
    maxWaitSeconds: 86_400,
  });
  if (wait > 0) {
    throw new AppError("TOO_MANY_REQUESTS", `${message} Try again in ${waitText(wait)}.`, {
      meta: { retry_after: wait },
    });
  }
  return () => repo.giveBack(key);
}
