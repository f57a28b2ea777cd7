import { ApiRequestError, isErrorEnvelope } from "./api-request-error";
import { http } from "./http";
import { isHttpError } from "./http-client";

/** A download path with its `:name` placeholders filled from `params` (FM-CALL-043). */
export function downloadPath(
  pattern: string,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return pattern.replace(/:(\w+)/g, (whole, name: string) =>
    name in params ? encodeURIComponent(String(params[name])) : whole,
  );
}

/**
 * The file name a download's `content-disposition` gives (FM-CALL-041): the UTF-8
 * `filename*` when there is one, else `filename`, else `fallback`.
 */
export function fileNameOf(disposition: string | null | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding: the plain name, if any, still says something.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2]?.trim();
  return name || fallback;
}

/** A refusal whose envelope came as a blob, read as the client reads any other. */
async function readFailure(error: unknown): Promise<unknown> {
  const cause = error instanceof ApiRequestError ? error.cause : undefined;
  const response = isHttpError(cause) ? cause.response : undefined;
  if (!response || !(response.data instanceof Blob)) return error;
  let body: unknown;
  try {
    body = JSON.parse(await response.data.text());
  } catch {
    return error;
  }
  return isErrorEnvelope(body)
    ? new ApiRequestError({
        status: response.status,
        statusText: response.statusText,
        errors: body.errors,
        meta: body.meta,
        cause,
      })
    : error;
}

/** Hands `blob` to the browser to save as `name`. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click's task ran.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file through the HTTP client: a request answered as a blob (FM-CALL-040),
 * so that an expired session is refreshed and the request sent once more (FM-CALL-042),
 * saved under the name the server gives. A refusal throws an `ApiRequestError` with the
 * server's message.
 */
export async function download(
  pattern: string,
  options: {
    params?: Readonly<Record<string, string | number>>;
    method?: "get" | "post";
    body?: unknown;
    /** The name to save under when the server gives none. */
    fallbackName: string;
  },
): Promise<void> {
  let response;
  try {
    response = await http.request<Blob>({
      url: downloadPath(pattern, options.params),
      method: options.method ?? "get",
      data: options.body,
      responseType: "blob",
      headers: { Accept: "*/*" },
    });
  } catch (error) {
    throw await readFailure(error);
  }
  save(response.data, fileNameOf(response.headers["content-disposition"], options.fallbackName));
}
