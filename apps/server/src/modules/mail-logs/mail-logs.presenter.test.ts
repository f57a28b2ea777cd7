import { describe, expect, it } from "vitest";
import type { MailMessage } from "../../plugins/mailer";
import { invitationMail, resetPasswordMail, verifyEmailMail } from "../accounts/account-mails";
import { impersonationAccessMail } from "../impersonation/impersonation-mails";
import { mfaCodeMail } from "../mfa/mfa-mails";
import { maskMailSecrets } from "./mail-logs.presenter";

const SECRET = "Zx9_secret-Token0123456789abcdefABCDEF-_xyz";
const base = "https://console.example.com";

/** Every template the server sends, each carrying the same secret. */
const mails: [string, MailMessage][] = [
  [
    "verify_email",
    verifyEmailMail("a@example.com", `${base}/account/verify-email?token=${SECRET}`),
  ],
  ["reset_password", resetPasswordMail("a@example.com", `${base}/account/reset?token=${SECRET}`)],
  [
    "invitation",
    invitationMail(
      "a@example.com",
      `${base}/account/accept?lang=en&token=${SECRET}`,
      "Acme",
      "Ann",
    ),
  ],
  [
    "impersonation_access",
    impersonationAccessMail(
      "a@example.com",
      `${base}/users/confirm-impersonation-access/${SECRET}`,
      new Date("2030-01-01T00:00:00Z"),
    ),
  ],
];

describe("maskMailSecrets", () => {
  it.each(mails)("leaves no usable link in a %s mail, only where it leads", (_, mail) => {
    for (const part of [mail.subject, mail.text, mail.html ?? ""]) {
      const masked = maskMailSecrets(part, mail.template);
      expect(masked).not.toContain(SECRET);
      if (part.includes(SECRET)) expect(masked).toContain(`${base}/`);
    }
    expect(maskMailSecrets(mail.text, mail.template)).toContain("[hidden]");
  });

  it("hides a second-factor code but keeps the minutes it is valid for", () => {
    const mail = mfaCodeMail("a@example.com", "042917", 10);
    const text = maskMailSecrets(mail.text, mail.template);
    expect(text).not.toContain("042917");
    expect(text).toContain("for 10 minutes");
    expect(maskMailSecrets(mail.subject, mail.template)).not.toContain("042917");
    expect(maskMailSecrets(mail.html ?? "", mail.template)).not.toContain("042917");
  });

  it("leaves six-digit numbers alone in other mails", () => {
    expect(maskMailSecrets("Order 123456 shipped", "invitation")).toBe("Order 123456 shipped");
  });
});
