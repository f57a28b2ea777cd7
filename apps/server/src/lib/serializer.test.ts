import { describe, expect, test } from "vitest";
import { z } from "zod";
import { projectableListEnvelope } from "./list-query";
import { responseSerializer } from "./serializer";

const item = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().optional(),
  seen: z.number().nullable(),
});
const envelope = projectableListEnvelope(item);

function serializer(schema: z.ZodType, check = false) {
  const compile = responseSerializer({ check });
  return compile({ schema, method: "GET", url: "/things", httpStatus: "200" }) as (
    data: unknown,
  ) => string;
}

describe("the response serialiser", () => {
  test("writes only what the schema declares, as zod would", () => {
    const write = serializer(envelope);
    const data = {
      success: true,
      data: [{ id: 1, name: "a", seen: null, password_hash: "secret" }],
      meta: { total: 1 },
    };
    const text = write(data);
    expect(text).not.toContain("secret");
    expect(JSON.parse(text)).toEqual({
      success: true,
      data: [{ id: 1, name: "a", seen: null }],
      meta: { total: 1 },
    });
  });

  test("writes an item narrowed to the fields asked for", () => {
    const write = serializer(envelope);
    expect(
      JSON.parse(write({ success: true, data: [{ id: 7, seen: 3 }], meta: { total: 1 } })),
    ).toEqual({ success: true, data: [{ id: 7, seen: 3 }], meta: { total: 1 } });
  });

  test("keeps zod's encoding where JSON Schema cannot say what goes out", () => {
    const day = z.codec(z.string(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString().slice(0, 10),
    });
    const write = serializer(z.object({ at: day }));
    expect(JSON.parse(write({ at: new Date("2026-03-04T05:06:07Z") }))).toEqual({
      at: "2026-03-04",
    });
  });

  test("in tests, refuses an answer that breaks its contract", () => {
    const write = serializer(envelope, true);
    expect(() =>
      write({ success: true, data: [{ id: 1, name: 5, seen: null }], meta: { total: 1 } }),
    ).toThrow();
    expect(
      JSON.parse(
        write({ success: true, data: [{ id: 1, name: "a", seen: 2 }], meta: { total: 1 } }),
      ),
    ).toEqual({ success: true, data: [{ id: 1, name: "a", seen: 2 }], meta: { total: 1 } });
  });
});
