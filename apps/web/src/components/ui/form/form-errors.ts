import type { ApiError } from "@netfleet/contracts/envelope";
import { ApiRequestError } from "../../../lib/api-request-error";
import { isHttpError } from "../../../lib/http-client";
import { i18n } from "../../../lib/i18n";

/** How a failed submit is shown once its errors are sorted (forms §8). */
export type ErrorPresentation = "fields" | "toast" | "modal" | "list";

export interface FormErrorContext {
  /** Keys of the fields the form shows right now. */
  fields: readonly string[];
  /** The payload that was sent; its keys count as fields too (FM-ERR-004). */
  submitted?: object;
  /** A single general error becomes a toast (FM-ERR-008). */
  useToast?: boolean;
  /** A single general error opens an error dialog (FM-ERR-009). */
  modalError?: boolean;
  /**
   * Reads `data.N.field` sources as rows of a bulk payload (FM-ERR-005/006). On by default;
   * false for a form whose own field is called `data`.
   */
  bulk?: boolean;
}

export interface MappedFormErrors {
  /** Messages keyed by field key. */
  fieldErrors: Record<string, string>;
  /** Errors that belong to no field. */
  general: string[];
  /** Errors about lines of an uploaded file, already worded "message (name, line N in M)". */
  fileErrors: string[];
  presentation: ErrorPresentation;
}

const BULK_SOURCE = /^data\.(\d+)\.([^.]+)/;
const BULK_IN_MESSAGE = /\bdata\.\d+\.([A-Za-z0-9_-]+)/g;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The body of the answer as it came, for answers that are not the envelope. */
function rawBody(error: unknown): unknown {
  const cause = error instanceof ApiRequestError ? error.cause : error;
  return isHttpError(cause) ? cause.response?.data : undefined;
}

function statusText(error: unknown): string {
  if (error instanceof ApiRequestError) return error.statusText;
  const cause = isHttpError(error) ? error.response : undefined;
  return cause?.statusText || i18n.t("http:requestFailed");
}

function asEntry(value: unknown): ApiError | null {
  if (!isRecord(value) || typeof value.message !== "string") return null;
  return {
    code: typeof value.code === "string" ? value.code : "",
    message: value.message,
    source: typeof value.source === "string" ? value.source : null,
  };
}

/** The `errors[]` entries of the answer, from the envelope or from a body shaped like it. */
function entriesOf(error: unknown): ApiError[] | null {
  if (error instanceof ApiRequestError && error.errors.length > 0) return [...error.errors];
  const body = rawBody(error);
  if (isRecord(body) && Array.isArray(body.errors)) {
    const entries = body.errors.map(asEntry).filter((e): e is ApiError => e !== null);
    return entries.length > 0 ? entries : null;
  }
  return null;
}

/**
 * A file upload error's source is `<field>/<file name>/<line>/<total lines>`, e.g.
 * `file/devices.csv/3/12` for line 3 of the 12 lines of devices.csv; the line part may be
 * left out (`file/devices.csv`) for an error about the whole file. Worded
 * "message (devices.csv, line 3 in 12)" (FM-ERR-011).
 */
export function fileErrorText(message: string, source: string): string {
  const [, name = "", line, total] = source.split("/");
  if (line && total) return i18n.t("form-errors:fileLine", { message, name, line, total });
  return i18n.t("form-errors:fileOnly", { message, name });
}

function presentationOf(
  general: readonly string[],
  fileErrors: readonly string[],
  ctx: FormErrorContext,
): ErrorPresentation {
  if (general.length === 0 && fileErrors.length === 0) return "fields";
  if (general.length === 1 && fileErrors.length === 0) {
    if (ctx.useToast) return "toast";
    if (ctx.modalError) return "modal";
  }
  return "list";
}

function finish(
  fieldErrors: Record<string, string>,
  general: string[],
  fileErrors: string[],
  ctx: FormErrorContext,
): MappedFormErrors {
  return {
    fieldErrors,
    general,
    fileErrors,
    presentation: presentationOf(general, fileErrors, ctx),
  };
}

/** Sorts `errors[]` entries into field, general and file errors (FM-ERR-002…007, 011). */
function mapEntries(entries: readonly ApiError[], ctx: FormErrorContext): MappedFormErrors {
  const known = new Set([...ctx.fields, ...Object.keys(ctx.submitted ?? {})]);
  const fieldErrors: Record<string, string> = {};
  const general: string[] = [];
  const fileErrors: string[] = [];
  const toField = (field: string, message: string) => {
    fieldErrors[field] ??= message;
  };
  for (const entry of entries) {
    // The session layer deals with these; a form has nothing to add (FM-ERR-003).
    if (entry.code === "UNAUTHORIZED") continue;
    const source = entry.source ?? "";
    const bulk = ctx.bulk !== false ? BULK_SOURCE.exec(source) : null;
    if (source && known.has(source)) {
      toField(source, entry.message);
    } else if (bulk) {
      const field = bulk[2] ?? "";
      const message = entry.message.replace(BULK_IN_MESSAGE, "$1");
      if (known.has(field)) toField(field, message);
      else general.push(message);
    } else if (source.includes("/")) {
      fileErrors.push(fileErrorText(entry.message, source));
    } else {
      general.push(entry.message);
    }
  }
  return finish(fieldErrors, general, fileErrors, ctx);
}

/**
 * The error catalogue of forms §8 as a pure function: turns whatever a submit rejected
 * with into field errors, general errors and file errors, and says how to show them.
 *
 * - `errors[]` entries (envelope or a body shaped like it) are sorted by `mapEntries`.
 * - A body whose `errors` is one object (not a list): with a source it is that field's
 *   error, else its message, else the status text (FM-ERR-012/013).
 * - No object body at all: the error's message, else "Failed to send request. Try again
 *   later." (FM-ERR-014/015).
 *
 * Password errors are not mirrored onto `password_confirmation` here; the form does that
 * with `markPasswordConfirmation` when it applies the field errors (FM-FIELD-015).
 */
export function mapFormErrors(error: unknown, ctx: FormErrorContext): MappedFormErrors {
  const entries = entriesOf(error);
  if (entries) return mapEntries(entries, ctx);

  const body = rawBody(error);
  if (isRecord(body)) {
    const single = body.errors;
    if (isRecord(single)) {
      const entry = asEntry(single);
      if (entry?.source) return finish({ [entry.source]: entry.message }, [], [], ctx);
      return finish({}, [entry?.message || statusText(error)], [], ctx);
    }
    if (typeof single === "string" && single) return finish({}, [single], [], ctx);
    if (typeof body.message === "string" && body.message) {
      return finish({}, [body.message], [], ctx);
    }
    return finish({}, [statusText(error)], [], ctx);
  }

  const message =
    error instanceof Error && error.message
      ? error.message
      : typeof error === "string" && error
        ? error
        : i18n.t("http:requestFailed");
  return finish({}, [message], [], ctx);
}
