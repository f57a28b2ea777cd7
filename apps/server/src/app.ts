import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppContext } from "./app-context";
import type { Database } from "./db/client";
import { ensureSetting } from "./db/bootstrap";
import type { Env } from "./env";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { accountsAuthenticator } from "./modules/accounts/authenticate";
import { appConfigRoutes } from "./modules/app-config/app-config.routes";
import { loadTheme } from "./modules/app-config/theme-file";
import { newSecret } from "./lib/secrets";
import { responseSerializer } from "./lib/serializer";
import { companiesRoutes } from "./modules/companies/companies.routes";
import { creditsRoutes } from "./modules/credits/credits.routes";
import { devicesGateway } from "./modules/devices/devices-gateway";
import { devicesRoutes } from "./modules/devices/devices.routes";
import { actionsPlugin } from "./modules/actions/actions.plugin";
import { actionsRoutes } from "./modules/actions/actions.routes";
import { deviceActionsRoutes } from "./modules/devices/device-actions.routes";
import { deviceUpdatesRoutes } from "./modules/devices/device-updates.routes";
import { deviceAddRoutes } from "./modules/devices/device-add.routes";
import { devicePageRoutes } from "./modules/devices/device-page.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { impersonationRoutes } from "./modules/impersonation/impersonation.routes";
import { emailSmtpRoutes } from "./modules/email-smtp/email-smtp.routes";
import { emailSmtpRepo } from "./modules/email-smtp/email-smtp.repo";
import { mailLogsRoutes } from "./modules/mail-logs/mail-logs.routes";
import { mailLogsOutbox } from "./modules/mail-logs/mail-outbox";
import { mfaRoutes } from "./modules/mfa/mfa.routes";
import { requireRecentPassword } from "./modules/mfa/mfa.service";
import { requireSecondFactor } from "./modules/mfa/second-factor";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { noticesRoutes } from "./modules/notices/notices.routes";
import { storageRoutes } from "./modules/storage/storage.routes";
import { filesRoutes } from "./modules/files/files.routes";
import { imagesRoutes } from "./modules/files/images.routes";
import { remoteAccessRoutes } from "./modules/remote-access/remote-access.routes";
import { rolesRoutes } from "./modules/roles/roles.routes";
import { tagsRoutes } from "./modules/tags/tags.routes";
import { vpnHubsRoutes } from "./modules/vpn-hubs/vpn-hubs.routes";
import { usersRoutes } from "./modules/users/users.routes";
import { usersAdminRoutes } from "./modules/users/users-admin.routes";
import { suppressedEmailsRepo } from "./modules/users/suppressed-emails.repo";
import { invitationsRoutes } from "./modules/invitations/invitations.routes";
import { authPlugin, needsAccessDeclaration, type RouteAccess } from "./plugins/auth";
import { AppError, answerClientError, answerFrameworkError, errorsPlugin } from "./plugins/errors";
import { createMailer } from "./plugins/mailer";
import { metricsPlugin } from "./plugins/metrics";
import { openapiPlugin } from "./plugins/openapi";
import { createRealtime, realtimePlugin } from "./plugins/realtime";
import { securityPlugin } from "./plugins/security";
import { sensitivePlugin } from "./plugins/sensitive";
import { webPlugin } from "./plugins/web";
import { xsrfPlugin } from "./plugins/xsrf";

/** A route with its declared access, as the permission walk test and the docs read it. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module "fastify" {
  interface FastifyInstance {
    declaredRoutes: readonly DeclaredRoute[];
  }
}

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions["logger"];
}

/**
 * A caller's X-Request-Id is kept to trace a request through a proxy and the logs, but only
 * when it is short and plain: it goes into every log line and back out as a header.
 */
const CALLER_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The CSP source of a tile template: its scheme and host, `{s}` subdomains as a wildcard. */
function tileOrigin(template: string): string {
  return (/^https?:\/\/[^/]+/.exec(template)?.[0] ?? template).replace("{s}", "*");
}

function callerRequestId(header: string | string[] | undefined): string | undefined {
  return typeof header === "string" && CALLER_REQUEST_ID.test(header) ? header : undefined;
}

const defaultDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

/** Each capability is one module; the list is the map of the API. */
const modules = [
  healthRoutes,
  appConfigRoutes,
  accountsRoutes,
  mfaRoutes,
  usersRoutes,
  usersAdminRoutes,
  invitationsRoutes,
  impersonationRoutes,
  devicesGateway,
  actionsPlugin,
  actionsRoutes,
  devicesRoutes,
  deviceAddRoutes,
  devicePageRoutes,
  deviceActionsRoutes,
  deviceUpdatesRoutes,
  companiesRoutes,
  creditsRoutes,
  mailLogsRoutes,
  emailSmtpRoutes,
  rolesRoutes,
  notificationsRoutes,
  tagsRoutes,
  remoteAccessRoutes,
  vpnHubsRoutes,
  filesRoutes,
  imagesRoutes,
  noticesRoutes,
  storageRoutes,
];

/**
 * Builds the server: cross-cutting plugins first, then the modules. The caller owns the
 * database (opened and migrated before) and closes it after `app.close()`.
 */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = opts;
  // Before anything listens: a broken theme file stops the start with its reason.
  const theme = loadTheme(env.THEME_FILE, env.BUY_URL);
  const app = Fastify({
    logger: opts.logger ?? { level: env.LOG_LEVEL },
    bodyLimit: env.BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    // The id is read by genReqId, which Fastify skips whenever requestIdHeader is set.
    requestIdHeader: false,
    genReqId: (request) => callerRequestId(request.headers["x-request-id"]) ?? randomUUID(),
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ check: env.NODE_ENV === "test" }));

  const secret =
    env.SESSION_SECRET ?? (await ensureSetting(database.db, "session_secret", () => newSecret(48)));
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outbox: mailLogsOutbox(database.db),
    log: app.log,
    storedServer: (db) => emailSmtpRepo(db).server(),
    suppression: suppressedEmailsRepo(database.db),
  });
  const realtime = createRealtime();
  const ctx: AppContext = {
    env,
    db: database.db,
    database,
    mailer,
    accessTokenKey: new TextEncoder().encode(secret),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    theme,
    realtime,
  };
  app.decorate("ctx", ctx);
  app.addHook("onClose", async () => mailer.close());
  app.addHook("onRequest", (request, reply, done) => {
    void reply.header("x-request-id", request.id);
    done();
  });

  // A route under /api or /account without an access declaration is a bug: refuse to start.
  const declaredRoutes: DeclaredRoute[] = [];
  app.decorate("declaredRoutes", declaredRoutes);
  app.addHook("onRoute", (route) => {
    if (!needsAccessDeclaration(route.url)) return;
    const access = route.config?.access;
    if (!access)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") declaredRoutes.push({ method, url: route.url, access });
    }
  });

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, {
    extraConnectSrc: env.ERROR_REPORT_URL ? [new URL(env.ERROR_REPORT_URL).origin] : [],
    // The template's `{s}`/`{z}` placeholders stay out of the origin: only scheme and host count.
    extraImgSrc: env.MAP_TILE_URL ? [tileOrigin(env.MAP_TILE_URL)] : [],
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError("TOO_MANY_REQUESTS", `Too many attempts. Try again in ${context.after}.`, {
        meta: { retry_after: Math.ceil(context.ttl / 1000) },
      }),
  });
  await app.register(xsrfPlugin);
  const authenticate = accountsAuthenticator(ctx);
  await app.register(authPlugin, { authenticate });
  // Whatever a request changed (a revoked session, a role's permissions, a disabled user)
  // holds for the next request: its answer leaves only after the kept credentials are gone.
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (request.method !== "GET" && request.method !== "HEAD") authenticate.forget();
    done(null, payload);
  });
  await app.register(sensitivePlugin, {
    recentPassword: (sessionId) => requireRecentPassword(ctx, sessionId),
    secondFactor: (check) => requireSecondFactor(ctx, check),
  });
  await app.register(realtimePlugin, { io: realtime.io });
  await app.register(metricsPlugin, { token: env.METRICS_TOKEN });
  await app.register(openapiPlugin);
  for (const routes of modules) await app.register(routes);
  await app.register(webPlugin, {
    distDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultDistDir,
  });
  return app;
}
