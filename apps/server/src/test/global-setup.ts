import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { syncFixedRoles } from "../modules/accounts/bootstrap";

declare module "vitest" {
  export interface ProvidedContext {
    /** "pglite" or "postgres": which database the API tests run on. */
    testDbKind: "pglite" | "postgres";
    /** PGlite: a migrated data directory image every test file starts from. */
    pgliteImagePath: string;
    /** PostgreSQL: the migrated template database each test file copies. */
    pgTemplateUrl: string;
    /** PostgreSQL: the database to connect to for creating and dropping the copies. */
    pgAdminUrl: string;
  }
}

/**
 * Migrates once per run: a PGlite image, or a PostgreSQL template database when
 * NETFLEET_TEST_DB=postgres (TEST_DATABASE_URL names the server). Each test file then
 * starts from a copy, so files run in parallel without seeing each other's rows.
 */
export default async function setup(project: TestProject) {
  const kind = process.env.NETFLEET_TEST_DB === "postgres" ? "postgres" : "pglite";
  project.provide("testDbKind", kind);

  if (kind === "pglite") {
    const database = await openDatabase({});
    await database.migrate();
    await syncFixedRoles(database.db);
    if (database.jobs.kind !== "pglite") throw new Error("expected the embedded database");
    const image = await database.jobs.pglite.dumpDataDir();
    const file = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-api-")),
      "template.tar.gz",
    );
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    await database.close();
    project.provide("pgliteImagePath", file);
    project.provide("pgTemplateUrl", "");
    project.provide("pgAdminUrl", "");
    return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("NETFLEET_TEST_DB=postgres needs TEST_DATABASE_URL");
  const templateName = `nf_tmpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateName}`);
  await admin.query(`create database ${templateName}`);
  const templateUrl = withDatabase(baseUrl, templateName);
  const database = await openDatabase({ url: templateUrl });
  await database.migrate();
  await syncFixedRoles(database.db);
  await database.close();
  project.provide("pgliteImagePath", "");
  project.provide("pgTemplateUrl", templateUrl);
  project.provide("pgAdminUrl", baseUrl);
  return async () => {
    await admin.query(`drop database if exists ${templateName} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
