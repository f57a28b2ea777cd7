import type { Transporter } from "nodemailer";
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

/** An SMTP server set from the console (`/email-smtp`). */
export interface SmtpServer {
  host: string;
  port: number;
  /** none: plain; starttls: upgrade after connecting, required; tls: TLS from the start. */
  security: "none" | "starttls" | "tls";
  username: string | null;
  password: string | null;
  from: string;
}

/** Where e-mail goes: the console's server, SMTP_URL's, or nowhere (kept in the outbox). */
export type MailRoute = "settings" | "environment" | "outbox";

export interface Mailer {
  /**
   * Records the message in the outbox (inside the caller's transaction when given one)
   * and returns a function that delivers it; call that after the transaction commits.
   */
  enqueue(db: Db, message: MailMessage): Promise<() => Promise<void>>;
  /**
   * Records and sends a message at once through the server in effect, waiting for the
   * answer: the SMTP server's error, or null once it took the message.
   */
  sendNow(db: Db, message: MailMessage): Promise<string | null>;
  /** Where a message enqueued now would go. */
  route(db: Db): Promise<MailRoute>;
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
 * Addresses not to send to, provided by the module that keeps the list (Users): this
 * plugin knows no module. An address joins when a server refuses it as a recipient.
 */
export interface MailSuppression {
  /** Why mail to the address is not sent, or null when it is. */
  reasonFor(to: string): Promise<string | null>;
  add(to: string, reason: string): Promise<void>;
}

/** The receiving side refused the recipient for good (5xx to RCPT TO): retrying cannot help. */
function recipientRefused(err: unknown): boolean {
  const { responseCode, command } = err as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600 &&
    command === "RCPT TO"
  );
}

/** A slow or silent server fails the send with a reason instead of holding it for minutes. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** nodemailer, loaded with the first message: a server that sends none does without it. */
const loadNodemailer = () => import("nodemailer").then((module) => module.default);

async function smtpTransport(server: SmtpServer): Promise<Transporter> {
  const nodemailer = await loadNodemailer();
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === "tls",
    requireTLS: server.security === "starttls",
    ignoreTLS: server.security === "none",
    ...(server.username !== null && {
      auth: { user: server.username, pass: server.password ?? "" },
    }),
    ...TIMEOUTS,
  });
}

interface Channel {
  route: MailRoute;
  transport: Transporter;
  from: string;
}

/** Closes a channel's transport once it exists; one that never came about has nothing open. */
function closeChannel(channel: Promise<Channel> | undefined) {
  channel?.then(
    ({ transport }) => transport.close(),
    () => undefined,
  );
}

/**
 * E-mail through nodemailer, to the server set from the console when there is one (read
 * for every message, so a change applies to the next), else to SMTP_URL's. Without
 * either, nodemailer's JSON transport renders the message and it stays in the outbox,
 * where Mail logs lists it; nothing leaves the machine.
 */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  outbox: MailOutbox;
  log: FastifyBaseLogger;
  /** The server set from the console, read on the given connection (a transaction, say). */
  storedServer?: (db: Db) => Promise<SmtpServer | null>;
  suppression?: MailSuppression;
}): Mailer {
  const fallbackRoute: MailRoute = opts.smtpUrl ? "environment" : "outbox";
  // Made on first use, as the module it needs is loaded then.
  let fallback: Promise<Channel> | undefined;
  const fallbackChannel = () =>
    (fallback ??= loadNodemailer().then((nodemailer): Channel => ({
      route: fallbackRoute,
      transport: opts.smtpUrl
        ? nodemailer.createTransport(opts.smtpUrl)
        : nodemailer.createTransport({ jsonTransport: true }),
      from: opts.from,
    })));
  // One transport for the stored server, replaced when the settings change.
  let stored: { key: string; channel: Promise<Channel> } | undefined;

  async function channel(db: Db): Promise<Channel> {
    const server = await opts.storedServer?.(db);
    if (!server) return fallbackChannel();
    const key = JSON.stringify(server);
    if (stored?.key !== key) {
      closeChannel(stored?.channel);
      stored = {
        key,
        channel: smtpTransport(server).then((transport) => ({
          route: "settings",
          transport,
          from: server.from,
        })),
      };
    }
    return stored.channel;
  }

  async function record(db: Db, message: MailMessage, route: MailRoute) {
    return opts.outbox.add(db, {
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      template: message.template,
      status: route === "outbox" ? "outbox" : "pending",
    });
  }

  /** Sends a recorded message; the failure's reason, or null. */
  async function deliver(id: number, message: MailMessage, via: Channel): Promise<string | null> {
    const suppressed = await opts.suppression?.reasonFor(message.to);
    if (suppressed) {
      const reason = `Not sent: ${message.to} is on the suppression list (${suppressed})`;
      await opts.outbox.markFailed(id, reason).catch(() => undefined);
      return reason;
    }
    try {
      await via.transport.sendMail({
        from: via.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      if (via.route !== "outbox") await opts.outbox.markSent(id);
      return null;
    } catch (err) {
      opts.log.error({ err, mailId: id }, "e-mail delivery failed");
      const reason = err instanceof Error ? err.message : String(err);
      await opts.outbox.markFailed(id, reason).catch(() => undefined);
      if (recipientRefused(err))
        await opts.suppression?.add(message.to, reason).catch(() => undefined);
      return reason;
    }
  }

  return {
    async enqueue(db, message) {
      const via = await channel(db);
      const id = await record(db, message, via.route);
      return async () => {
        await deliver(id, message, via);
      };
    },
    async sendNow(db, message) {
      const via = await channel(db);
      return deliver(await record(db, message, via.route), message, via);
    },
    async route(db) {
      return (await opts.storedServer?.(db)) ? "settings" : fallbackRoute;
    },
    close() {
      closeChannel(fallback);
      closeChannel(stored?.channel);
    },
  };
}
