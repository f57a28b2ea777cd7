import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./devices-cursor";

const types = ["text", "timestamptz", "integer"] as const;

describe("device list cursors", () => {
  it("gives back the position they were made from, for the same sort", () => {
    const values = ["core-1", "2026-01-02 03:04:05.123456+00", "42"];
    expect(
      decodeCursor(encodeCursor("name,-created_at", values), "name,-created_at", types, "after"),
    ).toEqual(values);
  });

  it("refuses a cursor of another sort, a forged one and noise, naming the parameter", () => {
    const good = encodeCursor("name", ["core-1", "2026-01-02 03:04:05+00", "42"]);
    const bad = [
      () => decodeCursor(good, "-name", types, "after"),
      () => decodeCursor(encodeCursor("name", ["x", "yesterday", "1"]), "name", types, "after"),
      () =>
        decodeCursor(
          encodeCursor("name", ["x", "2026-01-02 03:04:05+00", "1 or 1=1"]),
          "name",
          types,
          "after",
        ),
      () =>
        decodeCursor(
          encodeCursor("name", ["x\u0000", "2026-01-02 03:04:05+00", "1"]),
          "name",
          types,
          "after",
        ),
      () => decodeCursor(encodeCursor("name", ["x", "1"]), "name", types, "after"),
      () => decodeCursor("not a cursor", "name", types, "after"),
    ];
    for (const decode of bad) {
      expect(decode).toThrow(
        expect.objectContaining({ code: "VALIDATION_FAILED", source: "after" }),
      );
    }
  });
});
