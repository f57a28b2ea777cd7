// The peer of bench/memory.ts: a bare `node:http` server answering /healthz with the JSON
// Netfleet answers, after a `select 1` on its database: a `pg` pool on DATABASE_URL, or
// else PGlite in DATA_DIR. Plain JavaScript, so no loader weighs on what it holds.
import http from "node:http";

const { DATABASE_URL, DATA_DIR, PORT, VERSION } = process.env;

async function openDatabase() {
  if (DATABASE_URL) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
    return { kind: "postgres", ping: () => pool.query("select 1") };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const pglite = await PGlite.create({ dataDir: DATA_DIR });
  return { kind: "pglite", ping: () => pglite.query("select 1") };
}

const database = await openDatabase();
http
  .createServer((req, res) => {
    if (req.url !== "/healthz") {
      res.writeHead(404).end();
      return;
    }
    database.ping().then(
      () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ status: "ok", version: VERSION, database: database.kind }));
      },
      () => res.writeHead(503).end(),
    );
  })
  .listen(Number(PORT), "127.0.0.1");
