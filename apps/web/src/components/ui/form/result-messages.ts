import { ApiRequestError, toApiRequestError } from "../../../lib/api-request-error";
import { isHttpError } from "../../../lib/http-client";
import { i18n } from "../../../lib/i18n";
import type { FormSchema } from "./form-types";

/** The verbs a form's generic result messages use (D20). */
export type ResultVerb = NonNullable<FormSchema["verb"]>;

const SUCCESS_KEY = {
  create: "created",
  update: "updated",
  delete: "deleted",
  move: "moved",
  send: "sent",
  upload: "uploaded",
  activate: "activated",
} as const satisfies Record<ResultVerb, string>;

const FAILURE_KEY = {
  create: "failedCreate",
  update: "failedUpdate",
  delete: "failedDelete",
  move: "failedMove",
  send: "failedSend",
  upload: "failedUpload",
  activate: "failedActivate",
} as const satisfies Record<ResultVerb, string>;

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * The generic success message "<Item> <verb>ed successfully" (FM-ERR-017), with the
 * irregular verbs of D20 ("sent", "uploaded"…); a bulk action says "Operation complete"
 * (FM-ERR-020). `item` is already translated.
 */
export function successMessage(
  item: string,
  verb: ResultVerb,
  options: { bulk?: boolean } = {},
): string {
  if (options.bulk) return i18n.t("form-errors:operationComplete");
  return i18n.t(`form-errors:${SUCCESS_KEY[verb]}`, { item: capitalise(item) });
}

export interface FailureMessageOptions {
  item: string;
  verb: ResultVerb;
  /** Used when the answer carries no error message. */
  fallback?: string;
}

/** Whether the failure came from a request at all (an HTTP answer or a network error). */
function hadRequest(error: unknown): boolean {
  const cause = error instanceof ApiRequestError ? error.cause : error;
  return isHttpError(cause) && cause.config !== undefined;
}

/**
 * The generic failure message (FM-ERR-018/019): the answer's first error message, else
 * `fallback`, else "Server error" when no request was made (a failure before sending),
 * else "Failed to <verb> <item> (<status text>)".
 */
export function failureMessage(error: unknown, options: FailureMessageOptions): string {
  const failure =
    error instanceof ApiRequestError || isHttpError(error) ? toApiRequestError(error) : undefined;
  const first = failure?.errors.find((e) => e.message)?.message;
  if (first) return first;
  if (options.fallback) return options.fallback;
  if (!hadRequest(error)) return i18n.t("form-errors:serverError");
  return i18n.t(`form-errors:${FAILURE_KEY[options.verb]}`, {
    item: options.item,
    status: failure?.statusText ?? "",
  });
}
