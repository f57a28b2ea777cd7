import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import {
  SMTP_MESSAGES,
  smtpSettingsBodySchema,
  smtpSettingsSchema,
  smtpTestBodySchema,
  type SmtpSettings,
} from "@netfleet/contracts/schemas/email-smtp";
import type { AppContext } from "../../app-context";
import { ok, okMessage } from "../../lib/envelope";
import type { RouteAccess } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { smtpTestMail } from "./email-smtp-mails";
import { emailSmtpRepo } from "./email-smtp.repo";

/** The installation's mail server is the operator's: super admins only, never a company's. */
const read: RouteAccess = { permission: "super_admin", tenant: false, scope: "system:read" };
/** Changing it asks for the password again, which only a browser session can give. */
const write: RouteAccess = { permission: "super_admin", tenant: false, session: true };
const send: RouteAccess = { permission: "super_admin", tenant: false, scope: "system:write" };

async function currentSettings(ctx: AppContext): Promise<SmtpSettings> {
  const row = await emailSmtpRepo(ctx.db).get();
  return {
    host: row?.host ?? null,
    port: row?.port ?? null,
    security: row?.security ?? "starttls",
    username: row?.username ?? null,
    password_set: Boolean(row?.password),
    from: row?.fromAddress ?? null,
    source: await ctx.mailer.route(ctx.db),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** The host a test e-mail goes through, for its text. */
async function hostInEffect(ctx: AppContext): Promise<string> {
  const stored = await emailSmtpRepo(ctx.db).get();
  if (stored) return stored.host;
  return ctx.env.SMTP_URL ? new URL(ctx.env.SMTP_URL).hostname : "the outbox";
}

/** The outgoing mail server of the installation (`/email-smtp`), and a test send through it. */
export async function emailSmtpRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/email-smtp",
    {
      schema: {
        tags: ["system"],
        summary: "The outgoing mail server",
        description:
          "The password is never answered, only whether one is stored. `source` says where e-mail goes now: these settings, the server's SMTP_URL, or the outbox only.",
        response: { 200: dataEnvelope(smtpSettingsSchema) },
      },
      config: { access: read },
    },
    async () => ok(await currentSettings(ctx)),
  );

  app.put(
    "/api/email-smtp",
    {
      schema: {
        tags: ["system"],
        summary: "Send e-mail through this SMTP server",
        description:
          "Needs the password typed recently (423 otherwise). `password` absent keeps the stored one; null or empty removes it. The next e-mail uses the new settings.",
        body: smtpSettingsBodySchema,
        response: { 200: dataEnvelope(smtpSettingsSchema) },
      },
      config: { access: write, sensitive: { password: true } },
    },
    async (request) => {
      const { body } = request;
      await emailSmtpRepo(ctx.db).save({
        host: body.host,
        port: body.port,
        security: body.security,
        username: body.username || null,
        password: body.password === undefined ? undefined : body.password || null,
        fromAddress: body.from,
      });
      return ok(await currentSettings(ctx), "SMTP settings updated successfully");
    },
  );

  app.delete(
    "/api/email-smtp",
    {
      schema: {
        tags: ["system"],
        summary: "Forget the SMTP server set here",
        description:
          "E-mail goes back to the server's SMTP_URL, or stays in the outbox without one. Needs the password typed recently.",
        response: { 200: dataEnvelope(smtpSettingsSchema) },
      },
      config: { access: write, sensitive: { password: true } },
    },
    async () => {
      await emailSmtpRepo(ctx.db).clear();
      return ok(await currentSettings(ctx), "SMTP settings deleted successfully");
    },
  );

  app.post(
    "/api/email-smtp/test",
    {
      schema: {
        tags: ["system"],
        summary: "Send a test e-mail through the server in effect",
        description:
          "Waits for the SMTP server: its refusal or a connection error answers 422 with the server's own words. Mail logs list the test e-mail too.",
        body: smtpTestBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: send },
    },
    async (request) => {
      if ((await ctx.mailer.route(ctx.db)) === "outbox") {
        throw new AppError("VALIDATION_FAILED", SMTP_MESSAGES.notConfigured, { source: null });
      }
      const { to } = request.body;
      const failure = await ctx.mailer.sendNow(ctx.db, smtpTestMail(to, await hostInEffect(ctx)));
      if (failure !== null) {
        throw new AppError("VALIDATION_FAILED", SMTP_MESSAGES.sendFailed(failure), {
          source: null,
        });
      }
      return okMessage(SMTP_MESSAGES.sent(to));
    },
  );
}
