import { createHash } from "node:crypto";
import type { TaskFile } from "@netfleet/contracts/device-protocol";

export const CHECKSUM_MISMATCH = "The file's checksum does not match; nothing was installed.";

const failed = (reason: string) => `The download failed: ${reason}`;

/** fetch() names the network's reason (ECONNREFUSED, a closed socket) in the error's cause. */
function reasonOf(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Downloads a task's file and checks its size and SHA-256 as the bytes arrive, one chunk at a
 * time (files run to 80 MB, and a fleet may download many at once): null when the bytes are
 * the file the task names, otherwise the answer to give. The bytes themselves are not kept.
 */
export async function checkedDownload(file: TaskFile, signal: AbortSignal): Promise<string | null> {
  if (!/^https?:\/\//i.test(file.url)) return failed("not an http(s) address");
  try {
    const res = await fetch(file.url, { signal });
    if (!res.ok) {
      await res.body?.cancel();
      return failed(`HTTP ${res.status}`);
    }
    const hash = createHash("sha256");
    let size = 0;
    // Typed here: the fetch types of Node leave a body's chunks untyped.
    const reader: ReadableStreamDefaultReader<Uint8Array> | undefined = res.body?.getReader();
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > file.size) {
        // Longer than announced: it cannot match, and the rest need not be read.
        await reader.cancel();
        break;
      }
      hash.update(value);
    }
    return size === file.size && hash.digest("hex") === file.sha256 ? null : CHECKSUM_MISMATCH;
  } catch (err) {
    if (signal.aborted) throw err;
    return failed(reasonOf(err));
  }
}
