import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** Where a benchmark's server keeps its data: an embedded database's directory, or PostgreSQL. */
export type DatabaseLocation = { dataDir?: string; url?: string };

/**
 * Runs `bench` on the embedded database in a new directory (unless `postgresOnly`), then,
 * when `postgres` or TEST_DATABASE_URL names a PostgreSQL server, on a database created
 * there for the run; both are removed afterwards, also when the run fails.
 */
export async function onEachDatabase(
  options: { postgres?: string | undefined; postgresOnly?: boolean | undefined },
  bench: (label: string, database: DatabaseLocation) => Promise<void>,
) {
  if (!options.postgresOnly) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-bench-pglite-"));
    try {
      await bench("PGlite (embedded)", { dataDir });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const admin = options.postgres ?? process.env.TEST_DATABASE_URL;
  if (!admin) return;
  const name = `nf_bench_${process.pid}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    await bench("PostgreSQL", { url: url.toString() });
  } finally {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}
