import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TaskFile } from "@netfleet/contracts/device-protocol";

/**
 * A stand-in for the console's download links: each link serves its file to one GET and
 * answers 410 after that, as the console's one-time links do.
 */
export interface FileServer {
  /** A task's file at a new link; `served` replaces the bytes the link sends (a corrupt copy). */
  offer(bytes: Buffer, name: string, extra?: { version?: string; served?: Buffer }): TaskFile;
  /** GETs of each path so far. */
  readonly gets: Map<string, number>;
  close(): Promise<void>;
}

export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, Buffer>();
  const gets = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? "";
    gets.set(path, (gets.get(path) ?? 0) + 1);
    const bytes = files.get(path);
    files.delete(path);
    if (!bytes) return res.writeHead(410).end();
    res.writeHead(200, { "content-type": "application/octet-stream" }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    offer(bytes, name, extra = {}) {
      const path = `/files/${++next}/${name}`;
      files.set(path, extra.served ?? bytes);
      return {
        url: `${base}${path}`,
        sha256: createHash("sha256").update(bytes).digest("hex"),
        size: bytes.length,
        name,
        ...(extra.version ? { version: extra.version } : {}),
      };
    },
    gets,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
