import type { FormSchema, FormValues } from "./form-types";

/** The schema's endpoint with `:id` replaced by the route's id (forms §2). */
export function resolveEndpoint(schema: FormSchema, routeId?: string): string {
  return schema.endpoint.replace(/:id\b/g, encodeURIComponent(routeId ?? ""));
}

function appendValue(data: FormData, key: string, value: unknown): void {
  if (value === undefined) return;
  if (value === null) {
    data.append(key, "");
  } else if (value instanceof Blob) {
    data.append(key, value);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => appendValue(data, `${key}[${String(index)}]`, item));
  } else if (value instanceof Date) {
    data.append(key, value.toISOString());
  } else if (typeof value === "object") {
    for (const [name, item] of Object.entries(value)) appendValue(data, `${key}[${name}]`, item);
  } else if (typeof value === "boolean") {
    // The API reads multipart flags the way HTML forms send them.
    data.append(key, value ? "1" : "0");
  } else if (typeof value === "string") {
    data.append(key, value);
  } else if (typeof value === "number" || typeof value === "bigint") {
    data.append(key, String(value));
  }
}

/**
 * A multipart body for file uploads (forms §7): files as they are, nested arrays and
 * objects in indexed array notation (`rows[0][name]`), `undefined` left out.
 */
export function toMultipart(values: FormValues): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) appendValue(data, key, value);
  return data;
}
