import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  dateTimeSchema,
  ID_MAX,
  idParamSchema,
  idSchema,
  INPUT_MESSAGES,
  JSON_MAX_DEPTH,
  jsonValueSchema,
  TEXT_MAX_LENGTH,
  textSchema,
} from "./common";
import { storagePutSchema } from "./storage";
import { tagListQuerySchema } from "./tags";
import { noticeInputSchema } from "./notices";

/** The messages a value gets from a schema, or [] when it passes. */
function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** Arrays nested `depth` deep around 1, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe("idSchema and idParamSchema", () => {
  it("take whole numbers from 1 to PostgreSQL's largest integer", () => {
    expect(idSchema.parse(1)).toBe(1);
    expect(idSchema.parse(ID_MAX)).toBe(2_147_483_647);
    expect(idParamSchema.parse("2147483647")).toBe(ID_MAX);
  });

  it("refuse 2147483648 with the bound in the message", () => {
    expect(problems(idSchema, 2_147_483_648)).toEqual(["Must be at most 2147483647"]);
    expect(problems(idParamSchema, "2147483648")).toEqual(["Must be at most 2147483647"]);
  });

  it("refuse zero, negatives, fractions, infinities and text that is no number", () => {
    expect(problems(idSchema, 0)).toEqual([INPUT_MESSAGES.idMin]);
    expect(problems(idSchema, -1)).toEqual([INPUT_MESSAGES.idMin]);
    expect(problems(idSchema, 1.5)).toEqual([INPUT_MESSAGES.wholeNumber]);
    expect(problems(idParamSchema, "1e309")).toEqual([INPUT_MESSAGES.wholeNumber]);
    expect(problems(idParamSchema, "abc")).toEqual([INPUT_MESSAGES.wholeNumber]);
  });

  it("read text only from parameters: a body's id must be a JSON number", () => {
    expect(problems(idSchema, "5")).toEqual([INPUT_MESSAGES.wholeNumber]);
    expect(problems(idSchema, undefined)).toEqual([INPUT_MESSAGES.required]);
  });
});

describe("textSchema", () => {
  it("refuses NUL and other control characters with a readable message", () => {
    for (const text of ["a\u0000b", "bell\u0007", "\u001b[31m", "del\u007f", "c1\u0085"]) {
      expect(problems(textSchema(), text), JSON.stringify(text)).toEqual([
        "Must not contain control characters",
      ]);
    }
  });

  it("keeps tabs and line breaks", () => {
    expect(textSchema().parse("one\ttwo\r\nthree\n")).toBe("one\ttwo\r\nthree\n");
  });

  it("refuses a lone surrogate but keeps a pair (an emoji)", () => {
    expect(problems(textSchema(), "a\ud800")).toEqual([INPUT_MESSAGES.loneSurrogate]);
    expect(problems(textSchema(), "\udc00b")).toEqual([INPUT_MESSAGES.loneSurrogate]);
    expect(problems(textSchema(), "\udc00\ud800")).toEqual([INPUT_MESSAGES.loneSurrogate]);
    expect(textSchema().parse("fleet 🚚")).toBe("fleet 🚚");
  });

  it(`bounds the length, to ${TEXT_MAX_LENGTH} characters unless told otherwise`, () => {
    expect(problems(textSchema(), "a".repeat(TEXT_MAX_LENGTH))).toEqual([]);
    expect(problems(textSchema(), "a".repeat(TEXT_MAX_LENGTH + 1))).toEqual([
      `Must be at most ${TEXT_MAX_LENGTH} characters`,
    ]);
    expect(problems(textSchema({ max: 3, tooLong: "Too long" }), "abcd")).toEqual(["Too long"]);
  });

  it("counts the length after trimming when asked to trim", () => {
    expect(textSchema({ max: 3, trim: true }).parse("  abc  ")).toBe("abc");
  });

  it("tells a missing value from one of another type", () => {
    expect(problems(textSchema(), undefined)).toEqual([INPUT_MESSAGES.required]);
    expect(problems(textSchema(), 5)).toEqual([INPUT_MESSAGES.text]);
    expect(problems(textSchema({ error: "Name is required" }), 5)).toEqual(["Name is required"]);
  });

  it("guards the list parameters q, sort, fields and search-fields", () => {
    for (const name of ["q", "sort", "fields", "search-fields"]) {
      expect(problems(tagListQuerySchema, { [name]: "a\u0000" }), name).toContain(
        INPUT_MESSAGES.controlCharacters,
      );
    }
  });
});

describe("jsonValueSchema", () => {
  it("takes any JSON value", () => {
    for (const value of [null, true, 0, -1.5, "text", [], {}, { a: [1, { b: "c" }] }]) {
      expect(problems(jsonValueSchema(), value), JSON.stringify(value)).toEqual([]);
    }
  });

  it(`refuses lists and objects nested more than ${JSON_MAX_DEPTH} deep`, () => {
    expect(problems(jsonValueSchema(), nested(JSON_MAX_DEPTH))).toEqual([]);
    expect(problems(jsonValueSchema(), nested(JSON_MAX_DEPTH + 1))).toEqual([
      INPUT_MESSAGES.jsonDepth,
    ]);
  });

  it("refuses a value nested 10 000 deep without running out of stack", () => {
    const deep = JSON.parse(`${"[".repeat(10_000)}1${"]".repeat(10_000)}`) as unknown;
    expect(problems(storagePutSchema, { value: deep })).toEqual([INPUT_MESSAGES.jsonDepth]);
  });

  it("refuses NUL and lone surrogates in strings and in object keys", () => {
    expect(problems(jsonValueSchema(), ["a\u0000"])).toEqual([INPUT_MESSAGES.controlCharacters]);
    expect(problems(jsonValueSchema(), { "k\u0000": 1 })).toEqual([
      INPUT_MESSAGES.controlCharacters,
    ]);
    expect(problems(jsonValueSchema(), { a: "\ud800" })).toEqual([INPUT_MESSAGES.loneSurrogate]);
  });

  it("refuses what JSON cannot carry", () => {
    for (const value of [undefined, Number.NaN, Infinity, () => 1, new Date(0), [1n]]) {
      expect(problems(jsonValueSchema(), value), String(value)).toHaveLength(1);
    }
  });

  it("bounds the size in UTF-8 bytes when asked to, naming both sizes", () => {
    const schema = jsonValueSchema({ maxBytes: 10 });
    // "12345678" takes ten bytes with its quotes; "é" takes two.
    expect(problems(schema, "12345678")).toEqual([]);
    expect(problems(schema, "é2345678")).toEqual([
      "Must take at most 10 bytes as JSON; this one takes 11.",
    ]);
  });
});

describe("dateTimeSchema", () => {
  it("takes an ISO date-time with Z or an offset", () => {
    expect(dateTimeSchema.parse("2026-03-01T12:00:00Z")).toBe("2026-03-01T12:00:00Z");
    expect(dateTimeSchema.parse("1970-01-01T00:00:00-02:00")).toBe("1970-01-01T00:00:00-02:00");
    expect(dateTimeSchema.parse("9999-12-31T23:59:59.999Z")).toBe("9999-12-31T23:59:59.999Z");
  });

  it("refuses year 0, years before 1970 and after 9999 in UTC, with the accepted years", () => {
    for (const value of [
      "0000-01-01T00:00:00Z",
      "1969-12-31T23:59:59Z",
      "1970-01-01T00:30:00+01:00",
      "9999-12-31T23:59:59-23:59",
    ]) {
      expect(problems(dateTimeSchema, value), value).toEqual([
        "Must be a date in the years 1970 to 9999 (UTC)",
      ]);
    }
    expect(
      problems(noticeInputSchema, {
        type: "info",
        message: "m",
        enabled_at: "0000-01-01T00:00:00Z",
      }),
    ).toEqual([INPUT_MESSAGES.dateYears]);
  });

  it("refuses what is no date, or a date without an offset", () => {
    for (const value of ["tomorrow", "2026-02-30T00:00:00Z", "2026-03-01T12:00:00", "a\u0000"]) {
      expect(problems(dateTimeSchema, value), value).toEqual([INPUT_MESSAGES.dateTime]);
    }
  });
});
