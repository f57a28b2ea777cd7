import nodemailer, { type Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";

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

/** A message as the outbox keeps it: "pending" until SMTP takes it, or kept ("outbox"). */
export interface OutboxEntry extends Omit<MailMessage, "html"> {
  html: string | null;
  status: "pending" | "outbox";
}

/**
 * Where messages are recorded, provided by the module that owns the outbox (Mail logs):
 * this plugin knows no module. `add` runs on the caller's transaction when given one.
 */
export interface MailOutbox {
  add(db: Db, entry: OutboxEntry): Promise<number>;
  markSent(id: number): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;
}

/**
 * E-mail through nodemailer. Without SMTP_URL, nodemailer's JSON transport renders the
 * message and it stays in the outbox, where Mail logs lists it; nothing leaves the machine.
 */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  outbox: MailOutbox;
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
      if (mode === "smtp") await opts.outbox.markSent(id);
    } catch (err) {
      opts.log.error({ err, mailId: id }, "e-mail delivery failed");
      await opts.outbox
        .markFailed(id, err instanceof Error ? err.message : String(err))
        .catch(() => undefined);
    }
  }

  return {
    mode,
    async enqueue(db, message) {
      const id = await opts.outbox.add(db, {
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
