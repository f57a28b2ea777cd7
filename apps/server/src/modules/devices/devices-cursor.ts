import { textProblem } from "@netfleet/contracts/schemas/common";
import { AppError } from "../../plugins/errors";

/** How a sort key's value is written in a cursor, and cast back in SQL. */
export type CursorKeyType = "text" | "integer" | "timestamptz";

const INTEGER = /^-?\d{1,10}$/;
/** PostgreSQL's text form of a timestamptz: `2026-01-02 03:04:05.123456+00`. */
const TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function fits(type: CursorKeyType, value: unknown): value is string {
  if (typeof value !== "string") return false;
  if (type === "integer") return INTEGER.test(value) && Math.abs(Number(value)) <= 2_147_483_647;
  if (type === "timestamptz") return TIMESTAMPTZ.test(value);
  return textProblem(value) === null;
}

/**
 * A position in a sorted list: the sort it belongs to and the sort key values (the id
 * last) of the row it stands at. Opaque to clients, base64url JSON.
 */
export function encodeCursor(sort: string, values: readonly string[]): string {
  return Buffer.from(JSON.stringify([sort, values])).toString("base64url");
}

/**
 * The key values of a cursor, checked against the sort it must belong to and the types of
 * its keys: whatever a client sends, nothing but well-formed values reaches the database.
 */
export function decodeCursor(
  token: string,
  sort: string,
  types: readonly CursorKeyType[],
  source: string,
): string[] {
  const refuse = (message: string) => new AppError("VALIDATION_FAILED", message, { source });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw refuse("This cursor is not one the device list gave.");
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || !Array.isArray(parsed[1]))
    throw refuse("This cursor is not one the device list gave.");
  const [sorted, values] = parsed as [unknown, unknown[]];
  if (sorted !== sort)
    throw refuse("This cursor belongs to another sort order: start again from the first page.");
  if (values.length !== types.length || !types.every((type, i) => fits(type, values[i])))
    throw refuse("This cursor is not one the device list gave.");
  return values as string[];
}
