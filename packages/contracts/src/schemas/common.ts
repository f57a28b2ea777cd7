import { z } from "zod";

/**
 * The bounds every request shares, whatever its route: an id fits PostgreSQL's integer,
 * text is text PostgreSQL can store, a JSON value is shallow enough to check without
 * running out of stack, and a date lies in years both calendars agree on. A value outside
 * them is refused as 422 naming the field, instead of failing in the database as a 500.
 */

/** PostgreSQL's `integer`: no row has a larger id. */
export const ID_MAX = 2_147_483_647;
/** Characters of a text field whose schema names no tighter bound. */
export const TEXT_MAX_LENGTH = 10_000;
/** Arrays and objects nested in one another in a JSON value. */
export const JSON_MAX_DEPTH = 32;
/** The years a date may fall in. */
export const DATE_YEARS = { min: 1970, max: 9999 } as const;

export const INPUT_MESSAGES = {
  required: "Is required",
  wholeNumber: "Must be a whole number",
  idMin: "Must be at least 1",
  idMax: `Must be at most ${ID_MAX}`,
  text: "Must be text",
  controlCharacters: "Must not contain control characters",
  loneSurrogate: "Must not contain broken Unicode characters (lone surrogates)",
  json: "Must be JSON: null, true, false, a finite number, text, a list or an object",
  jsonDepth: `Must not nest lists and objects more than ${JSON_MAX_DEPTH} levels deep`,
  dateTime: "Must be a date and time with an offset, such as 2026-03-01T12:00:00Z",
  dateYears: `Must be a date in the years ${DATE_YEARS.min} to ${DATE_YEARS.max} (UTC)`,
} as const;

/** "Must be at most 200 characters". */
function textTooLongMessage(max: number): string {
  return `Must be at most ${max} characters`;
}

/** "Must take at most 16384 bytes as JSON; this one takes 20000." */
function jsonTooLargeMessage(maxBytes: number, bytes: number): string {
  return `Must take at most ${maxBytes} bytes as JSON; this one takes ${bytes}.`;
}

/** The type error of a field: missing, or of another type. */
const typeError = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? INPUT_MESSAGES.required : message;

/**
 * What is wrong with a text, or null: a control character (tab and line breaks aside;
 * PostgreSQL refuses NUL outright) or half of a UTF-16 surrogate pair, which no encoding
 * can store.
 */
export function textProblem(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c >= 0x7f && c <= 0x9f) {
      return INPUT_MESSAGES.controlCharacters;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = text.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return INPUT_MESSAGES.loneSurrogate;
      i++;
    }
  }
  return null;
}

/** Options of `idSchema`. */
export interface IdOptions {
  /** Read the number from text: a path or query parameter. */
  coerce?: boolean;
  /** One sentence for every problem, a missing value too: a form field's "Company is required". */
  error?: string;
}

/**
 * An id: a whole number from 1 to `ID_MAX`. `idSchema` takes a JSON number (bodies),
 * `idParamSchema` the text of a path or query parameter; `boundedId` makes either with a
 * form field's own sentence.
 */
export function boundedId(options: IdOptions = {}) {
  const { error } = options;
  const params = { error: error ?? typeError(INPUT_MESSAGES.wholeNumber) };
  return (options.coerce ? z.coerce.number(params) : z.number(params))
    .int(error ?? INPUT_MESSAGES.wholeNumber)
    .min(1, error ?? INPUT_MESSAGES.idMin)
    .max(ID_MAX, error ?? INPUT_MESSAGES.idMax);
}
export const idSchema = boundedId();
export const idParamSchema = boundedId({ coerce: true });

/** Options of `textSchema`. */
export interface TextOptions {
  /** The most characters, counted after trimming when `trim`; `TEXT_MAX_LENGTH` by default. */
  max?: number;
  /** The sentence for a longer text; "Must be at most N characters" by default. */
  tooLong?: string;
  /** The sentence for a missing value or one that is not text ("Is required", "Must be text"). */
  error?: string;
  /** Remove surrounding white space first. */
  trim?: boolean;
}

/**
 * Free text: no control characters but tab and line breaks, no lone surrogates, and at
 * most `max` characters. Chain `.min()`, `.regex()` and the like for a field's own rules.
 */
export function textSchema(options: TextOptions = {}) {
  const max = options.max ?? TEXT_MAX_LENGTH;
  const text = z
    .string({ error: options.error ?? typeError(INPUT_MESSAGES.text) })
    .superRefine((value, ctx) => {
      const problem = textProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
    });
  return (options.trim ? text.trim() : text).max(max, options.tooLong ?? textTooLongMessage(max));
}

/** UTF-8 bytes of a text (the contracts run in browsers too: no Buffer). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * What is wrong with a parsed JSON value, or null. The walk keeps its own stack, so a
 * value nested 10 000 deep is refused at `maxDepth` instead of overflowing the call stack
 * (as a recursive schema such as `z.json()` does). Strings and object keys follow
 * `textProblem`: PostgreSQL's jsonb refuses NUL and lone surrogates too.
 */
export function jsonProblem(value: unknown, maxDepth = JSON_MAX_DEPTH): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: v, depth } = item;
    if (v === null || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return INPUT_MESSAGES.json;
      continue;
    }
    if (typeof v === "string") {
      const problem = textProblem(v);
      if (problem) return problem;
      continue;
    }
    if (typeof v !== "object") return INPUT_MESSAGES.json;
    if (depth >= maxDepth) return INPUT_MESSAGES.jsonDepth;
    if (Array.isArray(v)) {
      for (const element of v as unknown[]) stack.push({ value: element, depth: depth + 1 });
      continue;
    }
    const prototype = Object.getPrototypeOf(v) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return INPUT_MESSAGES.json;
    for (const [key, element] of Object.entries(v)) {
      const problem = textProblem(key);
      if (problem) return problem;
      stack.push({ value: element, depth: depth + 1 });
    }
  }
  return null;
}

/** Options of `jsonValueSchema`. */
export interface JsonValueOptions {
  /** Lists and objects nested in one another; `JSON_MAX_DEPTH` by default. */
  maxDepth?: number;
  /** UTF-8 bytes of the value written as JSON; unbounded (but by the body limit) by default. */
  maxBytes?: number;
}

/** Any JSON value, checked by `jsonProblem` and, when given, `maxBytes`. */
export function jsonValueSchema(options: JsonValueOptions = {}) {
  return z.unknown().superRefine((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: "custom", message: INPUT_MESSAGES.required, input: value });
      return;
    }
    const problem = jsonProblem(value, options.maxDepth);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem, input: value });
      return;
    }
    if (options.maxBytes === undefined) return;
    const bytes = utf8Length(JSON.stringify(value));
    if (bytes > options.maxBytes) {
      ctx.addIssue({
        code: "custom",
        message: jsonTooLargeMessage(options.maxBytes, bytes),
        input: value,
      });
    }
  });
}

/**
 * An ISO date-time with `Z` or an offset, e.g. `2026-03-01T12:00:00Z`, in the years
 * `DATE_YEARS`: year 0 and the like are refused here, not by the database.
 */
export const dateTimeSchema = z.iso
  .datetime({ offset: true, error: typeError(INPUT_MESSAGES.dateTime), abort: true })
  .refine((value) => {
    // The moment's year in UTC: 9999-12-31T23:00-05:00 is already in the year 10000.
    const year = new Date(value).getUTCFullYear();
    return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
  }, INPUT_MESSAGES.dateYears);
