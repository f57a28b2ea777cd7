import { z } from "zod";
import { emailSchema, isEmail } from "../validation";
import { textSchema } from "./common";

/**
 * The installation's outgoing mail server (`/email-smtp`, super admin only). Stored
 * settings win over the server's SMTP_URL; without either, e-mail stays in the outbox
 * that Mail logs lists.
 */

/** none: plain SMTP; starttls: upgrade after connecting (port 587); tls: TLS from the start (465). */
export const SMTP_SECURITY = ["none", "starttls", "tls"] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];

/** `GET /api/email-smtp`: the stored settings; the password is never answered back. */
export const smtpSettingsSchema = z.object({
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: z.enum(SMTP_SECURITY),
  username: z.string().nullable(),
  /** Whether a password is stored; the password itself is write-only. */
  password_set: z.boolean(),
  /** The From address of every e-mail: `ops@example.com` or `Ops <ops@example.com>`. */
  from: z.string().nullable(),
  /**
   * Where e-mail goes now: `settings` (these), `environment` (the server's SMTP_URL) or
   * `outbox` (nowhere: kept for Mail logs).
   */
  source: z.enum(["settings", "environment", "outbox"]),
  /** ISO 8601; null while nothing is stored. */
  updated_at: z.string().nullable(),
});
export type SmtpSettings = z.infer<typeof smtpSettingsSchema>;

export const SMTP_MESSAGES = {
  hostRequired: "Host is required",
  host: "Enter a host name or an IPv4 address",
  portRequired: "Port is required",
  port: "Port must be a whole number from 1 to 65535",
  security: "Choose the security: none, starttls or tls",
  fromRequired: "From address is required",
  from: "Enter an e-mail address, optionally with a name: Ops <ops@example.com>",
  notConfigured: "No SMTP server is set up: e-mail stays in the outbox (see Mail logs).",
  sendFailed: (reason: string) => `The test e-mail could not be sent: ${reason}`,
  sent: (to: string) => `Test e-mail sent to ${to}`,
} as const;

const HOST = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/iu;

/** `ops@example.com`, or `Ops <ops@example.com>` with a display name. */
export function isFromAddress(value: string): boolean {
  const named = /^([^<>"\r\n]*)<([^<>\s]+)>$/u.exec(value);
  return named ? isEmail(named[2]!) : isEmail(value);
}

/**
 * Body of `PUT /api/email-smtp` (password-confirmed). `password`: absent keeps the stored
 * one, null or "" removes it; `username` null or "" means no sign-in.
 */
export const smtpSettingsBodySchema = z.object({
  host: textSchema({ error: SMTP_MESSAGES.hostRequired, trim: true, max: 253 })
    .min(1, { error: SMTP_MESSAGES.hostRequired, abort: true })
    .regex(HOST, SMTP_MESSAGES.host),
  port: z
    .number({ error: SMTP_MESSAGES.portRequired })
    .int(SMTP_MESSAGES.port)
    .min(1, SMTP_MESSAGES.port)
    .max(65535, SMTP_MESSAGES.port),
  security: z.enum(SMTP_SECURITY, { error: SMTP_MESSAGES.security }),
  username: textSchema({ trim: true, max: 254 }).nullable().optional(),
  password: textSchema({ max: 500 }).nullable().optional(),
  from: textSchema({ error: SMTP_MESSAGES.fromRequired, trim: true, max: 320 })
    .min(1, { error: SMTP_MESSAGES.fromRequired, abort: true })
    .refine(isFromAddress, SMTP_MESSAGES.from),
});
export type SmtpSettingsBody = z.infer<typeof smtpSettingsBodySchema>;

/** Body of `POST /api/email-smtp/test`: where the test e-mail goes. */
export const smtpTestBodySchema = z.object({ to: emailSchema });
export type SmtpTestBody = z.infer<typeof smtpTestBodySchema>;
