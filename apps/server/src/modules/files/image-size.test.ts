import { describe, expect, it } from "vitest";
import { jpegHead, pngHead } from "../../test/uploads";
import { imageKind } from "./image-size";

describe("imageKind", () => {
  it("reads a PNG's and a JPEG's size from their first bytes", () => {
    expect(imageKind(pngHead(1107, 945))).toEqual({ mime: "image/png", width: 1107, height: 945 });
    expect(imageKind(jpegHead(2048, 1080))).toEqual({
      mime: "image/jpeg",
      width: 2048,
      height: 1080,
    });
  });

  it("knows no other kind, nor a cut-off header", () => {
    expect(imageKind(Buffer.from("GIF89a........................"))).toBeUndefined();
    expect(imageKind(pngHead(10, 10).subarray(0, 20))).toBeUndefined();
    expect(
      imageKind(Buffer.from([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0, 0, 0])),
    ).toBeUndefined();
  });
});
