import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { AppError } from "../../plugins/errors";
import type { FileStore, StoredFile } from "./file-store";

/** A file an upload streamed to the store, with the name it was uploaded with. */
export type ReceivedFile = StoredFile & { name: string };

/**
 * Reads a multipart upload: its text fields, and its one file (the part named `field`)
 * streamed into the store as it arrives; the fields must match `fields` (the first issue is
 * answered with 422), then `record` checks and records the file. A file past
 * the multipart limit is answered with 413 (`tooLarge`) as soon as it passes it; on any
 * error the stored bytes are removed, so nothing is left half-written.
 */
export async function receiveUpload<S extends z.ZodType, T>(
  request: FastifyRequest,
  store: FileStore,
  options: { field: string; tooLarge: string; fields: S },
  record: (fields: z.infer<S>, file: ReceivedFile | undefined) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the file as multipart/form-data.");
  }
  const tooLarge = () =>
    new AppError("PAYLOAD_TOO_LARGE", options.tooLarge, { source: options.field });
  const fields: Record<string, string> = {};
  let stored: ReceivedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.field || stored) {
        part.file.resume();
        continue;
      }
      // A part cut at the limit just ends early: failing at its end keeps the store from
      // keeping (or sending on to a bucket) a file that is refused anyway.
      const whole = new PassThrough({
        flush: (done) => done(part.file.truncated ? tooLarge() : null),
      });
      pipeline(part.file, whole).catch(() => undefined);
      stored = { ...(await store.save(whole)), name: part.filename };
    }
    const parsed = options.fields.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError("VALIDATION_FAILED", issue.message, {
        source: issue.path.join(".") || null,
      });
    }
    return await record(parsed.data, stored);
  } catch (err) {
    if (stored) await store.remove(stored.key);
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    throw err;
  }
}
