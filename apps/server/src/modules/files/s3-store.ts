import type { IncomingMessage } from "node:http";
import https from "node:https";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import type { FastifyBaseLogger } from "fastify";
import { nodeHttp as http } from "../../lib/node-http";
import { AppError } from "../../plugins/errors";
import { type FileStore, type StoredFile, checkedKey } from "./file-store";
import { EMPTY_SHA256, type S3Credentials, signV4 } from "./s3-signature";

/** A store silent this long, sending or answering, is given up on. */
const IDLE_MS = 60_000;

export const STORE_UNREACHABLE = "The file storage could not be reached. Try again later.";

export interface S3StoreOptions {
  /** The bucket's URL; an object's is the bucket's, a slash, and its key. */
  url: string;
  credentials: S3Credentials;
  /** A directory store where uploads wait while they are hashed. */
  spool: FileStore;
  /** Where the store's reasons for a failure go; the caller only learns it failed. */
  log?: Pick<FastifyBaseLogger, "error"> | undefined;
}

/**
 * Files in an S3-compatible bucket, each request signed by hand (SigV4). An upload is
 * spooled to a temporary file first: the signed payload hash must be known before the PUT,
 * and the file is streamed from disk, so memory stays flat whatever its size.
 */
export function s3Store(options: S3StoreOptions): FileStore {
  const bucket = options.url.replace(/\/+$/, "");
  const { spool } = options;

  /** A failure the caller sees as the store being unavailable; the reason goes to the log. */
  const unavailable = (reason: string, cause?: unknown) => {
    options.log?.error({ err: cause, bucket }, `file storage: ${reason}`);
    return new AppError("SERVICE_UNAVAILABLE", STORE_UNREACHABLE);
  };

  /** Sends a signed request; resolves with the answer as soon as its head is in. */
  function send(
    method: "GET" | "PUT" | "DELETE",
    key: string,
    init: { payloadHash?: string; headers?: Record<string, string>; body?: Readable } = {},
  ): Promise<IncomingMessage> {
    const url = new URL(`${bucket}/${checkedKey(key)}`);
    const headers = signV4(
      { method, url, payloadHash: init.payloadHash ?? EMPTY_SHA256, headers: init.headers },
      options.credentials,
    );
    const client = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(url, { method, headers, timeout: IDLE_MS }, resolve);
      request.once("timeout", () => request.destroy(new Error(`no answer in ${IDLE_MS} ms`)));
      request.once("error", (err) =>
        reject(unavailable(`${method} ${key} failed: ${err.message}`, err)),
      );
      const { body } = init;
      if (!body) return void request.end();
      // The store may answer, and close, before it has the whole body.
      request.once("close", () => body.destroy());
      body.once("error", (err) => request.destroy(err)).pipe(request);
    });
  }

  /** Throws unless the answer is one of `ok`, with S3's own error code in the log. */
  async function mustBe(response: IncomingMessage, ok: number[], what: string): Promise<void> {
    if (ok.includes(response.statusCode ?? 0)) return;
    const body = await text(response).catch(() => "");
    const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? "no error code";
    throw unavailable(`${what} answered ${response.statusCode} (${code})`);
  }

  async function put(file: StoredFile): Promise<void> {
    const response = await send("PUT", file.key, {
      payloadHash: file.sha256,
      headers: { "content-length": String(file.size) },
      body: spool.open(file.key),
    });
    await mustBe(response, [200], `PUT ${file.key}`);
    response.resume();
  }

  async function remove(key: string): Promise<void> {
    const response = await send("DELETE", key);
    await mustBe(response, [200, 204, 404], `DELETE ${key}`);
    response.resume();
  }

  return {
    async save(source) {
      const file = await spool.save(source);
      try {
        await put(file);
        return file;
      } catch (err) {
        // A PUT whose answer was lost may still have stored the object.
        await remove(file.key).catch(() => undefined);
        throw err;
      } finally {
        await spool.remove(file.key);
      }
    },

    open(key) {
      checkedKey(key);
      // The zip download opens every file at once and reads them in turn: no request until
      // this one is read.
      return Readable.from(
        (async function* () {
          const response = await send("GET", key);
          await mustBe(response, [200], `GET ${key}`);
          yield* response;
        })(),
        { objectMode: false },
      );
    },

    async head(key, bytes) {
      if (bytes <= 0) return Buffer.alloc(0);
      const response = await send("GET", key, { headers: { range: `bytes=0-${bytes - 1}` } });
      // An empty object has no byte 0 to start a range at.
      if (response.statusCode === 416) {
        response.resume();
        return Buffer.alloc(0);
      }
      await mustBe(response, [200, 206], `GET ${key} (first bytes)`);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response as AsyncIterable<Buffer>) {
        chunks.push(chunk);
        size += chunk.length;
        // A store that ignores Range sends the whole object: stop at what was asked.
        if (size >= bytes) break;
      }
      return Buffer.concat(chunks).subarray(0, bytes);
    },

    remove,
  };
}
