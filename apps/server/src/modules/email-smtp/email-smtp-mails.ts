import type { MailMessage } from "../../plugins/mailer";

export const SMTP_TEST_TEMPLATE = "smtp_test";

/** The message a super administrator sends to check the outgoing mail server. */
export function smtpTestMail(to: string, host: string): MailMessage {
  const text = `This message shows that Netfleet can send e-mail through ${host}. Nothing else needs doing.`;
  return {
    to,
    template: SMTP_TEST_TEMPLATE,
    subject: "Netfleet test e-mail",
    text: `${text}\n`,
    html: `<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`,
  };
}
