import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** What a stored file came to. */
export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

/** Where the bytes of files are kept: a directory, or an S3-compatible bucket. */
export interface FileStore {
  /** Writes a stream to a new key; on any failure nothing is left behind. */
  save(source: Readable): Promise<StoredFile>;
  /** The file's bytes; a store that fetches them does so only once the stream is read. */
  open(key: string): Readable;
  /** The first `bytes` of a stored file (fewer when it is shorter). */
  head(key: string, bytes: number): Promise<Buffer>;
  /** Removes a file; one already gone is no error. */
  remove(key: string): Promise<void>;
}

/** A key as the stores make them; anything else could name a path or object of its own. */
export function checkedKey(key: string): string {
  if (!/^[\w-]+$/.test(key)) throw new Error(`Not a file key: ${key}`);
  return key;
}

/**
 * The bytes of files, in a directory: each written under a fresh key as it streams in (its
 * size and SHA-256 counted on the way), never held whole in memory. A key is the file's
 * only name on disk, so a user's file name never reaches the file system.
 */
export function fileStore(dir: string): FileStore {
  const pathOf = (key: string) => path.join(dir, checkedKey(key));

  return {
    async save(source: Readable): Promise<StoredFile> {
      await fs.promises.mkdir(dir, { recursive: true });
      const key = randomUUID();
      const hash = createHash("sha256");
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(source, count, fs.createWriteStream(pathOf(key), { flags: "wx" }));
      } catch (err) {
        await fs.promises.rm(pathOf(key), { force: true });
        throw err;
      }
      return { key, size, sha256: hash.digest("hex") };
    },

    open(key: string): Readable {
      return fs.createReadStream(pathOf(key));
    },

    async head(key: string, bytes: number): Promise<Buffer> {
      const handle = await fs.promises.open(pathOf(key), "r");
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async remove(key: string): Promise<void> {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}
