import type { TestAgent } from "./agent";

/** Uploads (`POST /api/files`, `POST /api/images`) as a browser sends them. */

export const MULTIPART_BOUNDARY = "----netfleet-test-boundary";

/** A multipart/form-data body: the fields, then the file. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer },
  fileField = "file",
) {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    parts.join("") +
      (file
        ? `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`
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

/** A PNG's signature and IHDR chunk for a width and height. */
export function pngHead(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write("IHDR", 4, "latin1");
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

/** A JPEG's start, an APP0 segment, then a baseline start of frame. */
export function jpegHead(width: number, height: number): Buffer {
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    ...Buffer.from("JFIF\0"),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ]);
  const sof = Buffer.alloc(19);
  sof.writeUInt16BE(0xffc0, 0);
  sof.writeUInt16BE(17, 2);
  sof[4] = 8;
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}
