/** What the first bytes of an image say it is. */
export interface ImageKind {
  mime: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The kind and size of a PNG (from its IHDR chunk) or a JPEG (from its first start-of-frame
 * marker), read from the file's first bytes; undefined for anything else, whatever its name
 * or the type the upload claimed.
 */
export function imageKind(head: Buffer): ImageKind | undefined {
  if (head.length >= 24 && head.subarray(0, 8).equals(PNG_SIGNATURE)) {
    if (head.toString("latin1", 12, 16) !== "IHDR") return undefined;
    return { mime: "image/png", width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  }
  if (head.length < 4 || head[0] !== 0xff || head[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < head.length) {
    if (head[at] !== 0xff) return undefined;
    const marker = head[at + 1]!;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = head.readUInt16BE(at + 2);
    // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return {
        mime: "image/jpeg",
        height: head.readUInt16BE(at + 5),
        width: head.readUInt16BE(at + 7),
      };
    }
    at += 2 + length;
  }
  return undefined;
}
