/**
 * The embedded database's own thread: one PGlite, answering the server's thread through
 * `parentPort` (pglite-thread.ts is the other side). PGlite runs a statement synchronously
 * in WebAssembly, so a slow one holds this thread, not the server's event loop.
 *
 * When the sources run, Node runs this file as it is, stripping its types (the bundle has it
 * compiled; pglite-thread.ts finds either): so it imports packages only, nothing relative,
 * and uses only TypeScript that strips away (no enums, no parameter properties).
 */
import fs from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** Where the thread's database lives: files in `dataDir`, or memory (from `image`, if given). */
export interface ThreadOptions {
  dataDir?: string | undefined;
  /** A data directory dumped by `dumpDataDir` (.tar.gz) to start from, in memory. */
  image?: string | undefined;
}

export type Request =
  | {
      op: "query";
      text: string;
      params: unknown[];
      rowMode: "array" | "object" | undefined;
      /** Types answered as PostgreSQL's text: the caller parses them itself. */
      raw: number[];
      tx: number | undefined;
    }
  | { op: "exec"; text: string; tx: number | undefined }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen" | "unlisten"; channel: string }
  | { op: "dump" }
  | { op: "close" };

/** An answer to request `id` (`error`: the thrown error's message and fields), or a notification. */
export type Reply =
  | { id: number; result?: unknown; error?: Record<string, unknown> }
  | { channel: string; payload: string };

/**
 * Extensions every database loads: migrations create them, so a copy of a migrated data
 * directory needs them too. PostgreSQL servers ship the same ones in contrib.
 */
const extensions = { pg_trgm };

/** The error that ends a transaction its caller rolls back. */
const ROLLED_BACK = new Error("rolled back");

/** What crosses to the caller: an error's message and its PostgreSQL fields (code, detail…). */
function fieldsOf(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = { message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === "string" || typeof value === "number") fields[key] = value;
  }
  return fields;
}

async function serve(options: ThreadOptions) {
  const port = parentPort!;
  const db = await PGlite.create({
    // Shared buffers take memory once used, and PGlite's files already sit in memory (the
    // operating system's page cache): an eighth of PGlite's default 128 MB searches 100 000
    // devices as fast as a quarter did (bench/search.ts), 17 MB less at idle.
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.image ? { loadDataDir: new Blob([fs.readFileSync(options.image)]) } : {}),
    extensions,
  });
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => Promise<void> }>();
  const listening = new Map<string, () => Promise<void>>();
  let lastTx = 0;

  const on = (tx: number | undefined) => {
    if (tx === undefined) return db;
    const transaction = open.get(tx);
    if (!transaction) throw new Error("The transaction has ended.");
    return transaction.tx;
  };

  /**
   * Opens a transaction that stays open until its `end`: PGlite's own, so that statements
   * outside it wait for it as they would on this thread.
   */
  const begin = () =>
    new Promise<number>((begun, failed) => {
      const id = ++lastTx;
      const done = db.transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) => {
            const end = async (ok: boolean) => {
              if (ok) commit();
              else rollBack(ROLLED_BACK);
              await done.catch((err: unknown) => {
                if (err !== ROLLED_BACK) throw err;
              });
            };
            open.set(id, { tx, end });
            begun(id);
          }),
      );
      done.then(
        () => open.delete(id),
        (err: Error) => {
          open.delete(id);
          failed(err);
        },
      );
    });

  const handlers: { [Op in Request["op"]]: (r: Extract<Request, { op: Op }>) => Promise<unknown> } =
    {
      query: ({ text, params, rowMode, raw, tx }) =>
        on(tx).query(text, params, {
          ...(rowMode ? { rowMode } : {}),
          parsers: Object.fromEntries(raw.map((type) => [type, (value: string) => value])),
        }),
      exec: ({ text, tx }) => on(tx).exec(text),
      begin,
      end: async ({ tx, commit }) => open.get(tx)?.end(commit),
      listen: async ({ channel }) => {
        const stop = await db.listen(channel, (payload) => {
          port.postMessage({ channel, payload } satisfies Reply);
        });
        listening.set(channel, stop);
      },
      unlisten: async ({ channel }) => {
        await listening.get(channel)?.();
        listening.delete(channel);
      },
      dump: () => db.dumpDataDir("gzip"),
      close: () => db.close(),
    };

  port.on("message", ({ id, ...request }: Request & { id: number }) => {
    const handle = handlers[request.op] as (r: Request) => Promise<unknown>;
    handle(request).then(
      (result) => port.postMessage({ id, result } satisfies Reply),
      (err: unknown) => port.postMessage({ id, error: fieldsOf(err) } satisfies Reply),
    );
  });
}

serve(workerData as ThreadOptions).then(
  () => parentPort!.postMessage({ id: 0 } satisfies Reply),
  (err: unknown) => parentPort!.postMessage({ id: 0, error: fieldsOf(err) } satisfies Reply),
);
