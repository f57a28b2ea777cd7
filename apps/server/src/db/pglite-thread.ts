import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import type { Reply, Request, ThreadOptions } from "./pglite-worker";

/** Defined by scripts/build-server.mjs: the compiled worker, relative to this source file. */
declare const PGLITE_WORKER_FILE: string | undefined;

/**
 * The compiled worker beside the bundle, or, when the sources run, the worker's source file
 * as it is (Node strips its types; it imports packages only). scripts/build-server.mjs keeps
 * `import.meta.url` the source's URL.
 */
const workerFile = new URL(
  typeof PGLITE_WORKER_FILE === "string" ? PGLITE_WORKER_FILE : "./pglite-worker.ts",
  import.meta.url,
);

/** What a transaction's callback gets: statements that run inside it. */
export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

type Call = { resolve: (result: unknown) => void; reject: (err: Error) => void };

/**
 * PGlite in a worker thread, with the part of PGlite's interface that Drizzle
 * (drizzle-orm/pglite) and pg-boss (`fromPglite`) use: query, exec, transaction, listen.
 * The database has one connection: a transaction holds it until it ends, and other callers'
 * statements wait for it, as they would on PGlite itself.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #calls = new Map<number, Call>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #lastCall = 0;
  #openTransactions = 0;
  #closed = false;
  /** Why the thread stopped answering, once it has. */
  #failure: Error | undefined;

  private constructor(options: ThreadOptions) {
    this.#worker = new Worker(workerFile, { workerData: options });
    // Only a call in flight keeps the process alive, as PGlite on this thread would.
    this.#worker.unref();
    this.#worker.on("message", (reply: Reply) => {
      if ("channel" in reply) {
        for (const listener of this.#listeners.get(reply.channel) ?? []) listener(reply.payload);
        return;
      }
      const call = this.#calls.get(reply.id);
      if (!call) return;
      this.#calls.delete(reply.id);
      if (this.#calls.size === 0) this.#worker.unref();
      if (reply.error)
        call.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
      else call.resolve(reply.result);
    });
    const stop = (err: Error) => {
      this.#failure ??= err;
      for (const call of this.#calls.values()) call.reject(err);
      this.#calls.clear();
    };
    this.#worker.on("error", stop);
    this.#worker.on("exit", () => stop(new Error("The database thread has stopped.")));
  }

  /** Starts the thread and its database (the thread answers call 0 once it is ready). */
  static async open(options: ThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    await thread.#expect(0);
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Whether a statement is running or waiting, or a transaction is open. */
  get busy(): boolean {
    return this.#calls.size > 0 || this.#openTransactions > 0;
  }

  #expect(id: number): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#calls.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => this.#calls.set(id, { resolve, reject }));
  }

  #call(request: Request): Promise<unknown> {
    const id = ++this.#lastCall;
    const answer = this.#expect(id);
    if (!this.#failure) this.#worker.postMessage({ id, ...request });
    return answer;
  }

  async #query<T>(
    text: string,
    params: unknown[] = [],
    options: QueryOptions = {},
    tx?: number,
  ): Promise<Results<T>> {
    const parsers = options.parsers ?? {};
    const result = (await this.#call({
      op: "query",
      text,
      params,
      rowMode: options.rowMode,
      raw: Object.keys(parsers).map(Number),
      tx,
    })) as Results<T>;
    // The caller's own parsers run here: functions do not cross to the thread.
    result.fields.forEach(({ name, dataTypeID }, i) => {
      const parse = parsers[dataTypeID];
      if (!parse) return;
      const key = options.rowMode === "array" ? i : name;
      for (const row of result.rows as Record<string | number, unknown>[]) {
        const value = row[key];
        if (typeof value === "string") row[key] = parse(value);
      }
    });
    return result;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(text, params, options);
  }

  async exec(text: string): Promise<Results[]> {
    return (await this.#call({ op: "exec", text, tx: undefined })) as Results[];
  }

  /** Commits what `callback` did, or rolls it back when it throws. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: "begin" })) as number;
    this.#openTransactions++;
    try {
      let result: T;
      try {
        result = await callback({
          query: (text, params, options) => this.#query(text, params, options, tx),
          exec: async (text) => (await this.#call({ op: "exec", text, tx })) as Results[],
        });
      } catch (err) {
        // Only a stopped thread fails to roll back: the callback's error says more.
        await this.#call({ op: "end", tx, commit: false }).catch(() => undefined);
        throw err;
      }
      await this.#call({ op: "end", tx, commit: true });
      return result;
    } finally {
      this.#openTransactions--;
    }
  }

  /** Calls `callback` with each notification on `channel`; answers how to stop. */
  async listen(channel: string, callback: (payload: string) => void) {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#call({ op: "listen", channel });
    }
    listeners.add(callback);
    return async () => {
      listeners.delete(callback);
      if (listeners.size > 0 || this.#listeners.get(channel) !== listeners) return;
      this.#listeners.delete(channel);
      await this.#call({ op: "unlisten", channel });
    };
  }

  /** The data directory as a .tar.gz, for `ThreadOptions.image`. */
  async dumpDataDir(): Promise<Blob> {
    return (await this.#call({ op: "dump" })) as Blob;
  }

  /** Closes the database and ends its thread. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#call({ op: "close" });
    this.#failure = new Error("The database is closed.");
    await this.#worker.terminate();
  }
}
