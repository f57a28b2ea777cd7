import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { createSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * Answers are written by a serialiser compiled from each route's response schema: only the
 * fields the schema declares go out, as zod's encoding would send them, at a fraction of its
 * cost (encoding every answer through zod took a tenth of a device page's time). A schema
 * JSON Schema cannot express (a transform, a date object) keeps zod's encoding.
 *
 * `check` (tests): every answer is also encoded by zod, which refuses what breaks the
 * contract, and the two must say the same, so that the fast path is proven on every answer
 * the suite sees (in their content: the order of keys may differ, required ones come first).
 */
export function responseSerializer(opts: {
  check: boolean;
}): FastifySerializerCompiler<z.ZodType | { properties: z.ZodType }> {
  const viaZod = createSerializerCompiler({});
  return (route) => {
    const compiled = compile(
      route.schema instanceof z.ZodType ? route.schema : route.schema.properties,
    );
    if (!compiled) return viaZod(route);
    if (!opts.check) return compiled;
    const reference = viaZod(route) as (data: unknown) => string;
    return (data: unknown) => {
      const expected = reference(data);
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serialiser wrote ${written.slice(0, 2000)}, zod ${expected.slice(0, 2000)}`,
        );
      }
      return written;
    };
  };
}

/** A response schema that is not zod's (a file's content type, say) is left to zod's path. */
function compile(schema: unknown): ((data: unknown) => string) | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: "output", target: "draft-7" });
  } catch {
    return undefined;
  }
  const merged = mergeObjectBranches(json);
  if (!representable(merged)) return undefined;
  return fastJson(merged as Parameters<typeof fastJson>[0]);
}

/**
 * A union of objects that declare the same properties and differ only in which are required
 * (an item and its projection to `fields`) is written the same whichever branch holds: one
 * object, requiring what every branch requires.
 */
function mergeObjectBranches(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(mergeObjectBranches);
  if (node === null || typeof node !== "object") return node;
  const record = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, mergeObjectBranches(value)]),
  );
  const branches = record.anyOf as Record<string, unknown>[] | undefined;
  if (!branches?.length || !branches.every((b) => b.type === "object")) return record;
  const { required: _, description: __, ...first } = branches[0]!;
  const same = branches.every((b) => {
    const { required: _r, description: _d, ...rest } = b;
    return JSON.stringify(rest) === JSON.stringify(first);
  });
  if (!same) return record;
  const required = branches
    .map((b) => (b.required ?? []) as string[])
    .reduce((common, names) => common.filter((name) => names.includes(name)));
  const { anyOf: _a, ...others } = record;
  return { ...others, ...first, required };
}

/**
 * Whether the fast serialiser writes what zod would: not where it would have to choose among
 * alternatives (anyOf, oneOf) that differ by more than their JSON type, which it may choose
 * otherwise than zod.
 */
function representable(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(representable);
  if (node === null || typeof node !== "object") return true;
  const record = node as Record<string, unknown>;
  const branches = (record.anyOf ?? record.oneOf) as Record<string, unknown>[] | undefined;
  if (branches && !branches.every((b) => isScalar(b))) return false;
  return Object.values(record).every(representable);
}

/** A branch of a union the serialiser tells apart by its JSON type alone. */
function isScalar(branch: Record<string, unknown>): boolean {
  return (
    typeof branch.type === "string" &&
    ["string", "number", "integer", "boolean", "null"].includes(branch.type)
  );
}
