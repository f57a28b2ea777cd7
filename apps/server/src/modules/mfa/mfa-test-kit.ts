import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { generate } from "otplib";
import type { MfaRequiredMeta } from "@netfleet/contracts/schemas/mfa";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { lastMail } from "../../test/outbox";
import { MFA_CODE_TEMPLATE } from "./mfa.repo";

/** The code of the last authentication-code e-mail sent to an address. */
export async function lastMailedCode(db: Db, email: string): Promise<string> {
  const mail = await lastMail(db, email, MFA_CODE_TEMPLATE);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code was e-mailed to ${email}`);
  return code;
}

/** Gives a user a second factor directly, as an earlier enrolment would have. */
export async function setUserMfa(db: Db, userId: number, type: "email" | "totp", secret?: string) {
  await db
    .update(users)
    .set({ mfaType: type, totpSecret: secret ?? null, totpLastStep: null })
    .where(eq(users.id, userId));
}

/** Makes the user's sessions look as if the password was typed long ago. */
export async function agePasswordConfirmation(db: Db, userId: number) {
  await db
    .update(sessions)
    .set({ passwordConfirmedAt: sql`now() - interval '1 day'` })
    .where(eq(sessions.userId, userId));
}

/** The MFA_REQUIRED answer's meta, after checking the answer is one. */
export function mfaRequired(res: LightMyRequestResponse): MfaRequiredMeta {
  if (res.statusCode !== 403) throw new Error(`expected 403, got ${res.statusCode} ${res.body}`);
  const body = res.json<{ errors: { code: string }[]; meta: MfaRequiredMeta }>();
  if (body.errors[0]?.code !== "MFA_REQUIRED")
    throw new Error(`expected MFA_REQUIRED: ${res.body}`);
  return body.meta;
}

/** The fields a re-sent request carries. */
export function sessionFields(meta: MfaRequiredMeta, code: string) {
  return { session_code: code, session_id: meta.session_id, session_uuid: meta.session_uuid };
}

/** A TOTP code `stepsAhead` time steps from now (within the accepted window for 0 and 1). */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

export function firstError(res: LightMyRequestResponse) {
  return res.json<{ errors: { code: string; message: string; source: string | null }[] }>()
    .errors[0];
}
