import type { MailMessage } from "../../plugins/mailer";
import { withLink } from "../accounts/account-mails";

/** `2026-03-01 12:00 UTC`: the mail cannot know the reader's time zone. */
function utc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

export function impersonationAccessMail(to: string, link: string, until: Date): MailMessage {
  return {
    to,
    template: "impersonation_access",
    subject: "Confirm support access to your account",
    ...withLink(
      `You asked to let support staff sign in as you until ${utc(until)}. To allow it, open this link while signed in:`,
      link,
      "The link works for 24 hours. If you did not ask for this, ignore this message: nobody gets access.",
    ),
  };
}
