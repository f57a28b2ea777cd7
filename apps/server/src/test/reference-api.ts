import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsPlugin from "ajv-formats";
import { parse } from "yaml";

/**
 * The public RMS API v3 description as a test oracle: Netfleet serves the same paths, field
 * names, formats and envelope where it has the capability, and the API tests check an answer
 * against the reference's published response schema with `expectMatchesReference()`.
 *
 * The reference is OpenAPI 3.0; its schemas are converted for ajv once, on first use:
 * - `nullable: true` adds `null` to the type (and to an `enum`, which would refuse it otherwise);
 * - `pattern: "Y-m-d H:i:s"` is a PHP date format, not a regular expression: it becomes one
 *   (and wins over a `format: date-time` next to it, which could never hold at the same time);
 * - a PHP-style union type such as `string|null` becomes the list of its types;
 * - unknown keywords (`example`, `xml`, …) are ignored, `format`s come from ajv-formats.
 *
 * Where Netfleet must differ from the reference, the difference is documented in
 * docs/ARCHITECTURE.md ("Differences from the reference API") and listed in `DIFFERENCES`
 * below, field by field; nothing else is accepted.
 */

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
type JsonObject = Record<string, unknown>;

interface Difference {
  method: Method;
  /** The reference's path template, e.g. `/companies/{id}`. */
  template: string;
  /** JSON pointer into the answer; `*` stands for any array index. */
  pointer: string;
  /** What Netfleet answers there instead, and the reference refuses. */
  accepts: (value: unknown) => boolean;
  /** Why, as docs/ARCHITECTURE.md tells it. */
  why: string;
}

/** The documented differences (docs/ARCHITECTURE.md, "Differences from the reference API"). */
export const DIFFERENCES: readonly Difference[] = [
  ...["/data/credits/left/*/credit_type", "/data/credits/total/*/credit_type"].map(
    (pointer): Difference => ({
      method: "GET",
      template: "/credits/summary",
      pointer,
      accepts: (value) => typeof value === "string" && /^[a-z][a-z0-9_]*$/.test(value),
      why:
        "credit_type is the code of a credit type of this installation's catalogue " +
        "(credit_types.code, e.g. remote_access), not one of RMS's product names",
    }),
  ),
];

function repositoryRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest)) {
      const pkg = JSON.parse(fs.readFileSync(manifest, "utf8")) as { workspaces?: unknown };
      if (pkg.workspaces) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("reference-api: no repository root above this file");
    dir = parent;
  }
}

/** The reference sits beside the repository: `<root>/../shared/reference/…`. */
export const REFERENCE_FILE = path.resolve(
  repositoryRoot(),
  "../shared/reference/rms-api-v3.openapi.yaml",
);

const PHP_DATE_TOKENS: Record<string, string> = {
  Y: "\\d{4}",
  m: "\\d{2}",
  d: "\\d{2}",
  H: "\\d{2}",
  i: "\\d{2}",
  s: "\\d{2}",
};

/** `Y-m-d H:i:s` → `^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$`; anything else is left alone. */
function phpDatePattern(pattern: string): string | undefined {
  if (!/^[YmdHis][YmdHis :./T-]*$/.test(pattern) || !pattern.includes("Y")) return undefined;
  const body = [...pattern].map((c) => PHP_DATE_TOKENS[c] ?? (c === "." ? "\\." : c)).join("");
  return `^${body}$`;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** One OpenAPI 3.0 schema → JSON Schema for ajv (see the rules above). */
function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "example" || key === "nullable" || key === "xml") continue;
    // `properties` maps names to schemas: a property may be called `example` or `nullable`.
    if (key === "properties" && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
    } else if (key === "enum" || key === "required" || key === "default") {
      out[key] = value;
    } else {
      out[key] = convert(value);
    }
  }
  // A few schemas write a union PHP-style, `string|null`: JSON Schema lists the types.
  if (typeof out.type === "string" && out.type.includes("|")) out.type = out.type.split("|");
  if (typeof out.pattern === "string") {
    const php = phpDatePattern(out.pattern);
    if (php) {
      out.pattern = php;
      if (out.format === "date-time") delete out.format;
    }
  }
  if (node.nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    const values: unknown = out.enum;
    if (Array.isArray(values) && !values.includes(null))
      out.enum = [...(values as unknown[]), null];
    // A nullable `$ref` or `allOf` without a type: null or the schema.
    if (out.type === undefined) return { anyOf: [{ type: "null" }, out] };
  }
  return out;
}

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

interface Reference {
  paths: Record<string, Record<string, Operation>>;
  ajv: Ajv;
  validators: Map<string, ValidateFunction>;
}

let loaded: Reference | undefined;

function reference(): Reference {
  if (loaded) return loaded;
  const doc = parse(fs.readFileSync(REFERENCE_FILE, "utf8")) as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };
  const ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  // ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
  const addFormats = ((addFormatsPlugin as unknown as { default?: unknown }).default ??
    addFormatsPlugin) as typeof addFormatsPlugin;
  addFormats(ajv);
  ajv.addSchema({ $id: "rms", components: { schemas: convert(doc.components.schemas) } });
  loaded = { paths: doc.paths, ajv, validators: new Map() };
  return loaded;
}

/** Every path template of the reference, e.g. `/companies/{id}`. */
export function referencePaths(): string[] {
  return Object.keys(reference().paths);
}

/**
 * The reference's template for a Netfleet path: `/api` and the query are dropped, `{x}`
 * matches one segment, and the template with the most literal segments wins
 * (`/tags/assign` over `/tags/{id}`). Undefined when the reference has no such path.
 */
export function referenceTemplate(netfleetPath: string, method?: Method): string | undefined {
  const bare = netfleetPath.split("?")[0]!.replace(/^\/api(?=\/)/, "");
  const segments = bare.split("/");
  let best: { template: string; literals: number } | undefined;
  for (const [template, operations] of Object.entries(reference().paths)) {
    if (method && !operations[method.toLowerCase()]) continue;
    const parts = template.split("/");
    if (parts.length !== segments.length) continue;
    let literals = 0;
    const fits = parts.every((part, i) => {
      if (/^\{[^}]+\}$/.test(part)) return segments[i] !== "";
      literals++;
      return part === segments[i];
    });
    if (fits && (!best || literals > best.literals)) best = { template, literals };
  }
  return best?.template;
}

function validator(method: Method, template: string, status: number): ValidateFunction {
  const ref = reference();
  const key = `${method} ${template} ${status}`;
  const cached = ref.validators.get(key);
  if (cached) return cached;
  const operation = ref.paths[template]?.[method.toLowerCase()];
  if (!operation) throw new Error(`The reference API has no ${method} ${template}.`);
  const response = operation.responses?.[String(status)];
  if (!response)
    throw new Error(
      `The reference API's ${method} ${template} has no ${status} answer ` +
        `(it has ${Object.keys(operation.responses ?? {}).join(", ")}).`,
    );
  const schema = response.content?.["application/json"]?.schema;
  if (schema === undefined)
    throw new Error(`The reference API's ${method} ${template} ${status} has no JSON schema.`);
  // Local `$ref`s point into the components registered as `rms`.
  const rebased = JSON.parse(
    JSON.stringify(convert(schema)).replaceAll('"#/components/', '"rms#/components/'),
  ) as JsonObject;
  const validate = ref.ajv.compile(rebased);
  ref.validators.set(key, validate);
  return validate;
}

function valueAt(body: unknown, pointer: string): unknown {
  let value = body;
  for (const part of pointer.split("/").slice(1)) {
    const key = part.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isObject(value)) value = value[key];
    else return undefined;
  }
  return value;
}

function documented(method: Method, template: string, error: ErrorObject, body: unknown): boolean {
  return DIFFERENCES.some((difference) => {
    if (difference.method !== method || difference.template !== template) return false;
    const pattern = new RegExp(
      `^${difference.pointer.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", "\\d+")}$`,
    );
    return (
      pattern.test(error.instancePath) && difference.accepts(valueAt(body, error.instancePath))
    );
  });
}

/**
 * Where a Netfleet answer breaks the reference's schema for this route and status, one
 * readable line per problem; empty when it conforms (documented differences aside).
 */
export function referenceErrors(
  method: Method,
  netfleetPath: string,
  status: number,
  body: unknown,
): string[] {
  const template = referenceTemplate(netfleetPath, method);
  if (!template) throw new Error(`The reference API has no ${method} for ${netfleetPath}.`);
  const validate = validator(method, template, status);
  if (validate(body)) return [];
  // A nullable enum or a `$ref` sibling reports the same place more than once.
  const seen = new Set<string>();
  return (validate.errors ?? [])
    .filter((error) => !documented(method, template, error, body))
    .map((error) => {
      const where = error.instancePath || "(the answer)";
      const value = JSON.stringify(valueAt(body, error.instancePath)) ?? "undefined";
      const allowed = isObject(error.params) && "allowedValues" in error.params;
      const detail = allowed ? ` ${JSON.stringify(error.params.allowedValues)}` : "";
      return `${where} ${error.message ?? "is invalid"}${detail}, got ${value.slice(0, 120)}`;
    })
    .filter((line) => !seen.has(line) && seen.add(line));
}

/**
 * Fails, listing every problem, when a Netfleet answer does not match the reference API's
 * published schema: `expectMatchesReference("GET", "/api/companies", 200, res.json())`.
 */
export function expectMatchesReference(
  method: Method,
  netfleetPath: string,
  status: number,
  body: unknown,
): void {
  const errors = referenceErrors(method, netfleetPath, status, body);
  if (errors.length === 0) return;
  const template = referenceTemplate(netfleetPath, method);
  throw new Error(
    `${method} ${netfleetPath} (${status}) does not match the reference API's ${method} ` +
      `${template}:\n  - ${errors.join("\n  - ")}`,
  );
}
