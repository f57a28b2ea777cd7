import type { FastifyBaseLogger } from "fastify";
import type { createAdapter as createPostgresAdapter } from "@socket.io/postgres-adapter";
import type { createAdapter as createRedisAdapter } from "@socket.io/redis-adapter";
import type { Env } from "../env";

// Each adapter's packages load when REALTIME_ADAPTER names it: the redis client alone is some
// 600 modules that a single node, on the default `memory`, would carry for nothing.

/** A socket.io adapter factory (what `io.adapter()` takes) and how to let go of its connections. */
export interface AdapterHandle {
  adapter: ReturnType<typeof createPostgresAdapter> | ReturnType<typeof createRedisAdapter>;
  close(): Promise<void>;
}

/** Where the postgres adapter parks payloads over NOTIFY's 8000-byte limit (its default name). */
const ATTACHMENTS_TABLE = "socket_io_attachments";

/**
 * The adapter REALTIME_ADAPTER names, connected and ready; null for `memory`, socket.io's
 * built-in single-process adapter. env.ts has already refused a missing server URL.
 */
export async function connectRealtimeAdapter(
  env: Env,
  log: FastifyBaseLogger,
): Promise<AdapterHandle | null> {
  if (env.REALTIME_ADAPTER === "postgres") {
    return connectPostgres(
      env.REALTIME_DATABASE_URL ?? env.DATABASE_URL!,
      env.REALTIME_CHANNEL_PREFIX,
      log,
    );
  }
  if (env.REALTIME_ADAPTER === "redis") {
    return connectRedis(env.REDIS_URL!, env.REALTIME_CHANNEL_PREFIX, log);
  }
  return null;
}

/**
 * @socket.io/postgres-adapter: LISTEN/NOTIFY on a small pool of its own (one connection
 * stays in LISTEN), apart from the application's pool.
 */
async function connectPostgres(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<AdapterHandle> {
  const [{ default: pg }, { createAdapter }] = await Promise.all([
    import("pg"),
    import("@socket.io/postgres-adapter"),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on("error", (err) => log.error({ err }, "realtime adapter: PostgreSQL connection lost"));
  try {
    await pool.query(`
      create table if not exists ${ATTACHMENTS_TABLE} (
        id bigserial unique,
        created_at timestamptz default now(),
        payload bytea
      )`);
  } catch (err) {
    // Two nodes starting together may both try to create it; the loser's race is harmless.
    const code = (err as { code?: string }).code;
    if (code !== "42P07" && code !== "23505") {
      await pool.end();
      throw err;
    }
  }
  return {
    adapter: createAdapter(pool, {
      tableName: ATTACHMENTS_TABLE,
      channelPrefix: prefix,
      errorHandler: (err) => log.warn({ err }, "realtime adapter (postgres) error"),
    }),
    close: () => pool.end(),
  };
}

/** @socket.io/redis-adapter with the `redis` client: one connection publishes, one subscribes. */
async function connectRedis(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<AdapterHandle> {
  const [{ createClient }, { createAdapter }] = await Promise.all([
    import("redis"),
    import("@socket.io/redis-adapter"),
  ]);
  let connected = false;
  const pub = createClient({
    url,
    socket: {
      // Unreachable at start: fail the start with the reason. Lost later: keep retrying.
      reconnectStrategy: (retries, cause) =>
        !connected && retries >= 3 ? cause : Math.min(200 * 2 ** retries, 5_000),
    },
  });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) {
    client.on("error", (err: unknown) => log.warn({ err }, "realtime adapter (redis) error"));
  }
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    for (const client of [pub, sub]) if (client.isOpen) client.destroy();
    throw new Error(`Cannot reach Redis at REDIS_URL: ${(err as Error).message}`);
  }
  connected = true;
  return {
    adapter: createAdapter(pub, sub, { key: prefix }),
    async close() {
      await Promise.allSettled([pub.close(), sub.close()]);
    },
  };
}
