import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { parseEnv, type Env } from "../env";
import { withDatabase } from "./global-setup";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  env: Env;
  close(): Promise<void>;
}

/** A fresh database copied from the run's migrated template. */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (inject("testDbKind") === "pglite") {
    const database = await openDatabase({ image: inject("pgliteImagePath") });
    return { database, drop: async () => undefined };
  }
  const templateUrl = inject("pgTemplateUrl");
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `nf_t_${randomBytes(6).toString("hex")}`;
  // Connected to another database: a template must have no sessions while it is copied.
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      break;
    } catch (err) {
      // 55006: another file is copying the template at this moment.
      if ((err as { code?: string }).code !== "55006" || attempt === 20) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  const database = await openDatabase({
    url: withDatabase(templateUrl, name),
    onIdleError: () => undefined,
  });
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The whole server in process (`app.inject`, no port) on its own real database. */
export async function buildTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-files-"));
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SESSION_SECRET: "test-secret-that-is-at-least-32-characters-long",
    PUBLIC_URL: "http://localhost:8080",
    WEB_DIST_DIR: "/nonexistent",
    // The machine may run its own broker on 1883.
    MQTT_PORT: "0",
    FILES_DIR: filesDir,
    ...envOverrides,
  });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    env,
    async close() {
      await app.close();
      // A test may have closed the database itself, to see the server without it.
      await database.close().catch(() => undefined);
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}
