import type { MailMessage } from "../../plugins/mailer";
import { MFA_CODE_TEMPLATE } from "./mfa.repo";

/** The e-mail that carries a second-factor code, for signing in, enrolling or confirming. */
export function mfaCodeMail(to: string, code: string, validMinutes: number): MailMessage {
  const intro = "Your Netfleet authentication code is:";
  const outro = `The code works once, for ${validMinutes} minutes. If you did not ask for it, someone may know your password: change it.`;
  return {
    to,
    template: MFA_CODE_TEMPLATE,
    subject: `Your authentication code: ${code}`,
    text: `${intro}\n\n${code}\n\n${outro}\n`,
    html: `<p>${intro}</p><p style="font-size:20px;letter-spacing:4px"><strong>${code}</strong></p><p>${outro}</p>`,
  };
}
