import type { FastifyInstance } from "fastify";

/**
 * The operations of the app's own OpenAPI document, read back from the route schemas, and
 * values those schemas accept. The tests that walk every operation (bad input, isolation)
 * build their requests from here, so a new route is walked as soon as it is documented.
 */

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** The part of JSON Schema the route schemas produce that the walks look at. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
}

export interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: Method;
  /** As the document writes it: `/api/tags/{id}`. */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

interface Document {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the app's OpenAPI document. */
export function documentedOperations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as Document;
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.["application/json"]?.schema ?? null,
    })),
  );
}

/** A Fastify route URL (`/api/tags/:id`) as the document writes it (`/api/tags/{id}`). */
export function documentedPath(url: string): string {
  return url.replace(/:(\w+)/g, "{$1}");
}

/** The JSON type a schema stands for, looking past null and `anyOf` branches. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.enum) return "enum";
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type) return type;
  const branch = schema.anyOf?.find((s) => s.type !== "null");
  return branch ? typeOf(branch) : "any";
}

/** A value the schema accepts, as far as a generator can tell (enough to reach the handler). */
export function sample(
  name: string,
  schema: JsonSchema | undefined,
  ids: Record<string, number>,
): unknown {
  const type = typeOf(schema);
  if (schema?.enum) return schema.enum[0];
  if (type === "integer" || type === "number")
    return ids[name] ?? Math.max(schema?.minimum ?? 1, 1);
  if (type === "boolean") return false;
  if (type === "array") {
    return Array.from({ length: Math.max(schema?.minItems ?? 0, 1) }, () =>
      sample(name, schema?.items, ids),
    );
  }
  if (type === "any") return { probe: [1, "two"] };
  if (schema?.format === "date-time" || name === "until") {
    return new Date(Date.now() + 86_400_000).toISOString();
  }
  const byName: Record<string, string> = {
    email: "probe@example.com",
    color: "#336699",
    code: "123456",
    key: "probe.key",
  };
  if (byName[name]) return byName[name];
  return "probe-value".padEnd(schema?.minLength ?? 0, "x");
}
