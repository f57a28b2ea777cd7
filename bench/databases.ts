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

/** The server's database as a bench writes to it: SQL text in, its rows out. */
interface Executor {
  execute(query: string): Promise<unknown>;
}

/**
 * Runs `fill` with the devices table's own indexes dropped, then builds them over the full
 * table: kept up row by row (the trigram indexes take every new entry in at once), a million
 * devices take minutes to write; built once at the end, seconds.
 */
export async function withDeviceIndexesBuiltAfter(db: Executor, fill: () => Promise<void>) {
  const answer = await db.execute(`
    select indexname, indexdef from pg_indexes
    where tablename = 'devices' and indexname not in (select conname from pg_constraint)`);
  const indexes = (answer as { rows: { indexname: string; indexdef: string }[] }).rows;
  for (const { indexname } of indexes) await db.execute(`drop index ${indexname}`);
  await fill();
  for (const { indexdef } of indexes) await db.execute(indexdef);
}
