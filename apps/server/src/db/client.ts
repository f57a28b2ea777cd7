import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { type DrizzleTransactionLike, fromDrizzle } from "pg-boss";
import { PgliteThread } from "./pglite-thread";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where the job queue (pg-boss) connects: the same database, through its own connections. */
  jobs: { kind: "pglite"; pglite: PgliteThread } | { kind: "postgres"; url: string };
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

/** An arbitrary constant key so concurrent starts on PostgreSQL migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_411_250;

/**
 * `DATABASE_URL` selects a PostgreSQL server; otherwise PGlite keeps its files in `dataDir`,
 * or in memory (starting from `image`, a dumped data directory, when given).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | undefined;
  image?: string;
  onIdleError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle connection that the server drops (restart, failover) must not crash the
    // process; the pool replaces it on the next query.
    pool.on("error", (err) => opts.onIdleError?.(err));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      jobs: { kind: "postgres", url: opts.url },
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client
            .query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY])
            .catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // Loaded only here: a server on PostgreSQL does not carry PGlite.
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  const dataDir = opts.dataDir ? path.join(opts.dataDir, "pgdata") : undefined;
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // Its own thread: a slow statement there leaves this event loop free.
  const pglite = await PgliteThread.open({ dataDir, image: opts.image });
  // Its pages sit in memory, so a random read costs what a sequential one does; at the
  // default 4 the planner picks full scans over the trigram indexes of searches (bench/search.ts).
  await pglite.exec("set random_page_cost = 1.1");
  // Drizzle and pg-boss use only the part of PGlite's interface the thread has.
  const drizzleOn = () => drizzlePglite(pglite as unknown as PGlite, { schema });
  return {
    db: drizzleOn() as unknown as Db,
    kind: "pglite",
    jobs: { kind: "pglite", pglite },
    async migrate() {
      await migratePglite(drizzleOn(), { migrationsFolder });
    },
    close: () => pglite.close(),
  };
}

/**
 * A cheap round trip, for readiness checks. PGlite has one connection: while it runs a
 * statement, `select 1` would wait for it, so a busy embedded database counts as answering
 * (a slow report is not an outage; a stopped thread fails every call and so this check).
 */
export async function ping(db: Db): Promise<void> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PgliteThread && client.busy) return;
  await db.execute(sql`select 1`);
}

const dialect = new PgDialect();

/**
 * A named prepared statement: its text is built once, and each PostgreSQL connection plans
 * it once and reuses that plan (planning a page's statement cost as much as running it).
 * Only for statements whose best plan is the same whatever their values, such as rows read
 * by primary key: a reused plan ignores which tenant or text a query carries. Values go in
 * as `sql.placeholder(name)`, so that a list stays one value.
 */
export function namedStatement(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const prepared = new WeakMap<
    Db,
    { execute(values: Record<string, unknown>): Promise<unknown> }
  >();
  return (db: Db, values: Record<string, unknown>): Promise<unknown> => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = db._.session.prepareQuery(built, undefined, name, false);
      prepared.set(db, statement);
    }
    return statement.execute(values);
  };
}

/**
 * The job queue's connection inside a transaction: jobs queued through it are committed or
 * rolled back with the transaction's own writes.
 */
export function jobsInTransaction(tx: Db) {
  // The one database type answers rows as `unknown`; both drivers answer `{ rows }`.
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
}

/**
 * One column of many rows as one array parameter, for `unnest(…)`: a statement keeps one
 * parameter per column whatever its row count (the protocol allows 65 535 in all), and the
 * database parses a short text instead of a row of parameters per row.
 */
export function columnOf<T>(rows: readonly T[], pick: (row: T) => unknown): SQL {
  return sql`${sql.param(rows.map((row) => pick(row) ?? null))}`;
}

/** The rows of a raw `db.execute`: PGlite and node-postgres both answer `{ rows }`. */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
