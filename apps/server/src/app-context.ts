import type { Env } from "./env";
import type { Db } from "./db/client";
import type { Mailer } from "./plugins/mailer";

/**
 * What modules share: configuration, the database and the mailer. buildApp creates it
 * once and decorates the Fastify instance with it (`app.ctx`).
 */
export interface AppContext {
  env: Env;
  db: Db;
  dbKind: "pglite" | "postgres";
  mailer: Mailer;
  /** Key that signs access tokens (HS256). */
  accessTokenKey: Uint8Array;
  /** Base URL for links in e-mails, without a trailing slash. */
  publicUrl: string;
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
