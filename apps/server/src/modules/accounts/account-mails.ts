import type { MailMessage } from "../../plugins/mailer";

/** The account e-mails. Plain text first; the HTML part only adds a clickable link. */

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function withLink(
  intro: string,
  link: string,
  outro: string,
): { text: string; html: string } {
  return {
    text: `${intro}\n\n${link}\n\n${outro}\n`,
    html: `<p>${escape(intro)}</p><p><a href="${escape(link)}">${escape(link)}</a></p><p>${escape(outro)}</p>`,
  };
}

export function verifyEmailMail(to: string, link: string): MailMessage {
  return {
    to,
    template: "verify_email",
    subject: "Confirm your e-mail address",
    ...withLink(
      "Confirm the e-mail address of your Netfleet account by opening this link:",
      link,
      "The link works for 24 hours. If you did not ask for it, ignore this message.",
    ),
  };
}

export function resetPasswordMail(to: string, link: string): MailMessage {
  return {
    to,
    template: "reset_password",
    subject: "Reset your password",
    ...withLink(
      "Someone asked to reset the password of your Netfleet account. To choose a new password, open this link:",
      link,
      "The link works for one hour. If you did not ask for it, ignore this message: your password stays as it is.",
    ),
  };
}

export function invitationMail(
  to: string,
  link: string,
  companyName: string,
  inviter: string,
): MailMessage {
  return {
    to,
    template: "invitation",
    subject: `You are invited to ${companyName} on Netfleet`,
    ...withLink(
      `${inviter} invited you to join ${companyName} on Netfleet. Create your account here:`,
      link,
      "The invitation works for 7 days.",
    ),
  };
}

export function signInLinkMail(to: string, link: string): MailMessage {
  return {
    to,
    template: "sign_in_link",
    subject: "Your sign-in link",
    ...withLink(
      "Someone asked for a link to sign in to your Netfleet account without its password. To sign in, open this link:",
      link,
      "The link works once, for 15 minutes. If you did not ask for it, ignore this message; someone may be guessing your password, so consider changing it.",
    ),
  };
}
