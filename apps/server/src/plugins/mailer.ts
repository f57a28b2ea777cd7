import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { mailLogsRepo } from "../modules/mail-logs/mail-logs.repo";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for, e.g. "reset_password". */
  template: string;
}

export interface Mailer {
  /**
   * Records the message in the outbox (inside the caller's transaction when given one)
   * and returns a function that delivers it; call that after the transaction commits.
   */
  enqueue(db: Db, message: MailMessage): Promise<() => Promise<void>>;
  /** "smtp" when SMTP_URL is set, else "outbox": messages stay in the database. */
  mode: "smtp" | "outbox";
  close(): void;
}

/**
 * E-mail through nodemailer. Without SMTP_URL, nodemailer's JSON transport renders the
 * message and it stays in the outbox, where Mail logs lists it; nothing leaves the machine.
 */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  const mode = opts.smtpUrl ? "smtp" : "outbox";
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });

  async function deliver(id: number, message: MailMessage) {
    try {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      if (mode === "smtp") await mailLogsRepo(opts.db).markSent(id);
    } catch (err) {
      opts.log.error({ err, mailId: id }, "e-mail delivery failed");
      await mailLogsRepo(opts.db)
        .markFailed(id, err instanceof Error ? err.message : String(err))
        .catch(() => undefined);
    }
  }

  return {
    mode,
    async enqueue(db, message) {
      const id = await mailLogsRepo(db).add({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        template: message.template,
        status: mode === "smtp" ? "pending" : "outbox",
      });
      return () => deliver(id, message);
    },
    close() {
      transport.close();
    },
  };
}
