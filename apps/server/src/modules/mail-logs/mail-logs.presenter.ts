import { ROUTES } from "@netfleet/contracts/routes";
import type { MailLog } from "@netfleet/contracts/schemas/mail-logs";
import type { mailOutbox } from "../../db/schema";
import { MFA_CODE_TEMPLATE } from "../mfa/mfa.repo";

/** What Mail logs shows where an e-mail carried a secret. */
const HIDDEN_SECRET = "[hidden]";

/**
 * One-time secrets in query strings: `?token=` (reset, verification, invitation links) and
 * `?key=` (pages opened without a session). The HTML part writes `&` as `&#38;` or `&amp;`.
 */
const QUERY_SECRET = /([?&;](?:token|key)=)[^&\s"'<>#]+/gi;

/** Console pages that take a token in the path, e.g. /users/confirm-impersonation-access/:token. */
const PATH_SECRETS = ROUTES.flatMap((route) =>
  route.path?.includes("/:token")
    ? [
        new RegExp(
          `(${route.path
            .slice(0, route.path.indexOf(":token"))
            .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
            .replace(/:[A-Za-z_]+\\\?/g, "[^/\\s]*")
            .replace(/:[A-Za-z_]+/g, "[^/\\s]+")})[^/?#\\s"'<>]+`,
          "g",
        ),
      ]
    : [],
);

/** A second-factor code mail carries its six digits in the subject, the text and the HTML. */
const CODE = /\b\d{6}\b/g;

/**
 * The mail as Mail logs may show it: links still say where they lead and codes that a code
 * was sent, but neither can be used by whoever reads the log. The outbox keeps the original.
 */
export function maskMailSecrets(content: string, template: string): string {
  let masked = content.replace(QUERY_SECRET, `$1${HIDDEN_SECRET}`);
  for (const path of PATH_SECRETS) masked = masked.replace(path, `$1${HIDDEN_SECRET}`);
  if (template === MFA_CODE_TEMPLATE) masked = masked.replace(CODE, HIDDEN_SECRET);
  return masked;
}

export function presentMailLog(row: typeof mailOutbox.$inferSelect): MailLog {
  return {
    id: row.id,
    to: row.to,
    subject: maskMailSecrets(row.subject, row.template),
    template: row.template,
    status: row.status,
    error: row.error,
    text: maskMailSecrets(row.text, row.template),
    html: row.html === null ? null : maskMailSecrets(row.html, row.template),
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
