import type { TestAgent } from "./agent";

/** Uploads through `POST /api/files` as a browser sends them. */

export const MULTIPART_BOUNDARY = "----netfleet-test-boundary";

/** A multipart/form-data body: the fields, then the file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer },
) {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    parts.join("") +
      (file
        ? `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`
        : ""),
  );
  return Buffer.concat([
    head,
    file?.content ?? Buffer.alloc(0),
    Buffer.from(`${file ? "\r\n" : ""}--${MULTIPART_BOUNDARY}--\r\n`),
  ]);
}

export function upload(
  agent: TestAgent,
  fields: Record<string, string>,
  file?: { name: string; content: Buffer },
) {
  return agent.post("/api/files", multipart(fields, file), {
    "content-type": `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
  });
}
