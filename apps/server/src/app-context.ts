import type { Theme } from "@netfleet/contracts/schemas/theme";
import type { Env } from "./env";
import type { Database, Db } from "./db/client";
import type { Mailer } from "./plugins/mailer";
import type { Realtime } from "./plugins/realtime";

/**
 * What modules share: configuration, the database, the mailer, the theme and realtime
 * publishing. buildApp creates it once and decorates the Fastify instance with it (`app.ctx`).
 */
export interface AppContext {
  env: Env;
  db: Db;
  /** The database as opened: its kind, and the job queue's own connections to it. */
  database: Database;
  mailer: Mailer;
  /** Key that signs access tokens (HS256). */
  accessTokenKey: Uint8Array;
  /** Base URL for links in e-mails, without a trailing slash. */
  publicUrl: string;
  /** The default theme, or the default merged with THEME_FILE. */
  theme: Theme;
  /** Pushes events to the sockets listening on a channel, on every server process. */
  realtime: Realtime;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
