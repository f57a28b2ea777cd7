import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { WIRE } from "@netfleet/contracts/constants";
import { signedInAgent, TestAgent } from "./agent";
import { buildTestApp, type TestApp } from "./build-test-app";
import { factories, type TestCompany } from "./factories";
import {
  documentedOperations,
  type JsonSchema,
  type Operation,
  sample,
  typeOf,
} from "./openapi-operations";

/**
 * A generated bad-input pass: reads the app's own OpenAPI document and sends every
 * operation wrong types, out-of-range numbers, long text, control characters, lone
 * surrogates, deep nesting, malformed JSON, unknown fields and injection strings, in its
 * path, its query and its body. Whatever the input, the answer is below 500 and, for an
 * error, the envelope `{ success: false, errors: [{ code, message, source }] }`.
 *
 * The calls are made as a signed-in super administrator, so that they pass authorisation
 * and reach validation and the handlers, each from its own address so that per-address rate
 * limits do not stop them before validation. The valid parts of a body are the first of
 * a few candidates the route accepts, so that a bad value in one field reaches the handler
 * whenever validation lets it through. Nothing is left out: an input that changes the caller
 * (sign-out, impersonation, a wrong password counted against the account) is allowed, and
 * the caller is checked after any accepted input and replaced by a freshly signed-in one
 * when it changed.
 */

/** One request of the pass. `body` is the JSON text as sent, or undefined for none. */
interface BadInput {
  label: string;
  url: string;
  body?: string;
  contentType?: string;
}

/** JSON text spliced into a body as it is: numbers JSON.stringify cannot write, deep nesting. */
class Raw {
  constructor(readonly text: string) {}
}

const DEPTH = 10_000;
const LONG = "a".repeat(10_000);
const deepArray = new Raw(`${"[".repeat(DEPTH)}1${"]".repeat(DEPTH)}`);
const deepObject = new Raw(`${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}`);
const INJECTIONS = ["' OR 1=1--", '"; drop table users; --', "%", "_", "\\"];

/** Written without recursion into the Raw parts, so deep nesting costs nothing to build. */
function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}

const describeValue = (value: unknown) => {
  const text = value instanceof Raw ? value.text : toJson(value);
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
};

/** Values of a path or query parameter, already percent-encoded. */
function badParamValues(schema: JsonSchema | undefined): [string, string][] {
  const common: [string, string][] = [
    ["NUL", "a%00b"],
    ["bell", "a%07b"],
    ["lone surrogate (CESU-8)", "a%ED%A0%80b"],
    ["broken percent-encoding", "a%E0%A4%A"],
    ["10 000 characters", LONG],
  ];
  const type = typeOf(schema);
  if (type === "integer" || type === "number") {
    return [
      ...common,
      ["2^31", "2147483648"],
      ["1e309", "1e309"],
      ["-1", "-1"],
      ["1.5", "1.5"],
      ["0", "0"],
      ["20 digits", "99999999999999999999"],
      ["text", "abc"],
      ["empty", ""],
    ];
  }
  const values: [string, string][] = [...common, ["empty", ""], ["2^31", "2147483648"]];
  if (type === "enum") return [...values, ["not in the enum", "bogus"]];
  // Text reaches LIKE patterns (q), ORDER BY (sort), projections (fields) and id lists.
  for (const text of INJECTIONS) values.push([`injection ${text}`, encodeURIComponent(text)]);
  return values;
}

/**
 * Bodies that may pass validation, most complete first: every field, the required ones with
 * one optional field each, the required ones alone. A route refining its body as a whole
 * (either `user_id` or `company_id`) accepts one of them.
 */
function baseCandidates(
  schema: JsonSchema,
  ids: Record<string, number>,
): Record<string, unknown>[] {
  const properties = schema.properties ?? {};
  const required = schema.required ?? [];
  const body = (names: string[]) =>
    Object.fromEntries(names.map((name) => [name, sample(name, properties[name], ids)]));
  const optional = Object.keys(properties).filter((name) => !required.includes(name));
  return [
    body(Object.keys(properties)),
    ...optional.map((name) => body([...required, name])),
    body(required),
  ];
}

/** Bad values of one body field, by the field's type. */
function badBodyValues(schema: JsonSchema | undefined): unknown[] {
  const type = typeOf(schema);
  const dates =
    schema?.format === "date-time"
      ? [
          "0000-01-01T00:00:00Z",
          "1969-12-31T23:59:59Z",
          "9999-12-31T23:59:59-23:59",
          "2026-02-30T00:00:00Z",
          "+275760-09-13T00:00:00Z",
          "2026-03-01T12:00:00",
        ]
      : [];
  const shared: unknown[] = [null, [], {}, deepArray, deepObject];
  switch (type) {
    case "integer":
    case "number":
      return [
        ...shared,
        "1",
        true,
        2_147_483_648,
        new Raw("1e309"),
        new Raw("-1e309"),
        -1,
        1.5,
        0,
        1e20,
      ];
    case "boolean":
      return [...shared, "true", 1];
    case "array":
      return [
        ...shared,
        "x",
        [null],
        [2_147_483_648],
        [new Raw("1e309")],
        [-1],
        [1.5],
        ["a\u0000b"],
        ["\ud800"],
        [deepArray],
        Array.from({ length: 10_001 }, (_, i) => i + 1),
      ];
    case "any":
      return [
        "a\u0000b",
        "\ud800",
        { "a\u0000": 1 },
        { "\udc00": 1 },
        [[["a\u0007"]]],
        new Raw("1e309"),
        LONG.repeat(2),
        deepArray,
        deepObject,
      ];
    default:
      return [
        ...shared,
        ...dates,
        12_345,
        true,
        "",
        "   ",
        LONG,
        "a\u0000b",
        "a\u0007b",
        "\ud800",
        "a\udc00b",
        ...INJECTIONS,
      ];
  }
}

const JSON_TYPE = "application/json";

/** The operation's path with rows that exist in it, and `overrides` as they are. */
function goodPath(operation: Operation, overrides: Record<string, string> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    name in overrides
      ? overrides[name]!
      : encodeURIComponent(String(names[name] ?? ids[`${operation.path}:${name}`] ?? 1)),
  );
}

/** Every bad input of one operation; `base` is the body the field values are put into. */
function badInputs(operation: Operation, base: Record<string, unknown> | undefined): BadInput[] {
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const json = JSON_TYPE;
  const inputs: BadInput[] = [];

  for (const param of pathParams) {
    for (const [label, value] of badParamValues(param.schema)) {
      inputs.push({
        label: `path ${param.name}=${label}`,
        url: goodPath(operation, { [param.name]: value }),
        ...(base && { body: toJson(base), contentType: json }),
      });
    }
  }
  for (const param of queryParams) {
    for (const [label, value] of badParamValues(param.schema)) {
      inputs.push({
        label: `query ${param.name}=${label}`,
        url: `${goodPath(operation)}?${param.name}=${value}`,
      });
    }
    inputs.push({
      label: `query ${param.name} given twice`,
      url: `${goodPath(operation)}?${param.name}=1&${param.name}=2`,
    });
  }
  if (queryParams.length) {
    inputs.push({ label: "unknown query parameter", url: `${goodPath(operation)}?unknown%00=%00` });
  }

  if (operation.body && base) {
    for (const [name, schema] of Object.entries(operation.body.properties ?? {})) {
      for (const value of badBodyValues(schema)) {
        inputs.push({
          label: `body ${name}=${describeValue(value)}`,
          url: goodPath(operation),
          body: toJson({ ...base, [name]: value }),
          contentType: json,
        });
      }
    }
    const whole: [string, string | undefined, string | undefined][] = [
      ["malformed JSON {", "{", json],
      ["malformed JSON [1,]", "[1,]", json],
      ["truncated JSON", '{"a":', json],
      ["NUL as the body", "\u0000", json],
      ["empty JSON body", "", json],
      ["JSON null", "null", json],
      ["JSON array", "[]", json],
      ["JSON number", "1e309", json],
      ["JSON string", '"text"', json],
      ["nested 10 000 deep (array)", deepArray.text, json],
      ["nested 10 000 deep (object)", deepObject.text, json],
      ["__proto__ key", `{"__proto__":{"polluted":true}}`, json],
      ["constructor.prototype key", `{"constructor":{"prototype":{"polluted":true}}}`, json],
      ["text/plain body", "hello", "text/plain"],
      ["unknown content type", toJson(base), "application/x-unknown"],
      ["over the body limit", `{"a":"${"a".repeat(1_100_000)}"}`, json],
      ["no body at all", undefined, undefined],
      [
        "unknown fields and MFA fields with bad values",
        toJson({
          ...base,
          unknown: LONG,
          "unknown\u0000": 1,
          session_code: "a\u0000",
          session_uuid: "' OR 1=1--",
          session_id: "\ud800",
        }),
        json,
      ],
    ];
    for (const [label, body, contentType] of whole) {
      inputs.push({
        label: `body: ${label}`,
        url: goodPath(operation),
        ...(body !== undefined && { body }),
        ...(contentType !== undefined && { contentType }),
      });
    }
  }
  return inputs;
}

/** Why an answer breaks the contract, or null when it keeps it. */
function violation(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  // A file download (the device CSV export) answers its file on success, errors as JSON.
  if (res.statusCode < 400 && String(res.headers["content-type"]).startsWith("text/csv")) {
    return null;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return "body is not JSON";
  }
  const envelope = body as { success?: unknown; errors?: unknown };
  if (res.statusCode < 400) return envelope.success === true ? null : "success is not true";
  if (envelope.success !== false) return "success is not false";
  if (!Array.isArray(envelope.errors) || envelope.errors.length === 0) return "no errors";
  for (const error of envelope.errors as Record<string, unknown>[]) {
    if (typeof error.code !== "string" || error.code === "") return "an error without code";
    if (typeof error.message !== "string" || error.message === "")
      return "an error without message";
    if (!(typeof error.source === "string" || error.source === null))
      return "an error without source";
  }
  return null;
}

let t: TestApp;
let home: TestCompany;
let operations: Operation[];
/** Ids of rows that exist, by `path:param` (path ids) or field name (body ids). */
const ids: Record<string, number> = {};
/** Text path parameters, by name. */
const names: Record<string, string> = { key: "probe.key", token: "probe-token" };

let addresses = 0;
/** Each request comes from its own address: per-address rate limits then never answer first. */
function nextAddress(): string {
  addresses++;
  return `172.${16 + ((addresses >> 16) & 15)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** Sends an input with the agent's cookies and XSRF header, leaving its cookies as they were. */
function send(agent: TestAgent, operation: Operation, input: BadInput) {
  const xsrf = agent.cookies.get(WIRE.xsrfCookie);
  const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return t.app.inject({
    method: operation.method,
    url: input.url,
    remoteAddress: nextAddress(),
    headers: {
      ...(cookie && { cookie }),
      ...(xsrf && { [WIRE.xsrfHeader]: xsrf }),
      ...(input.contentType && { "content-type": input.contentType }),
    },
    ...(input.body !== undefined && { payload: input.body }),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  home = await f.company({ name: "Bad Input Home" });
  // Rows the valid parts of a request point at live in another company, so that an input
  // which passes (an unknown field, say) changes nothing of the caller's own company.
  const target = await f.company({ name: "Bad Input Target", parent: home });
  const user = await f.user({ company: target, role: "end_user" });
  const tag = await f.tag({ company: target });
  await f.device({ company: target });
  const { agent } = await signedInAgent(t, { company: home, role: "super_admin" });
  const notice = await agent.post("/api/admin/notices", {
    type: "info",
    message: "Maintenance tonight",
    enabled_at: new Date().toISOString(),
  });
  const token = await agent.post("/account/tokens", { name: "probe", scopes: ["tags:read"] });
  Object.assign(ids, {
    company_id: target.id,
    user_id: user.id,
    "/api/tags/{id}:id": tag.id,
    "/api/companies/{id}/mfa:id": target.id,
    "/api/users/{id}/impersonate:id": user.id,
    "/api/admin/notices/{id}:id": notice.json<{ data: { id: number } }>().data.id,
    "/account/tokens/{id}:id": token.json<{ data: { id: number } }>().data.id,
  });
  operations = documentedOperations(t.app);
}, 60_000);
afterAll(() => t.close());

describe("bad input to every operation of the OpenAPI document", () => {
  it("documents every declared route, so the pass below walks them all", () => {
    const documented = new Set(
      operations.map((op) => `${op.method} ${op.path.replace(/\{([^}]+)\}/g, ":$1")}`),
    );
    const missing = t.app.declaredRoutes
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });

  it("answers every generated bad input below 500, in the error envelope", async () => {
    const started = Date.now();
    let admin = await signedInAgent(t, { company: home, role: "super_admin" });
    const anonymous = new TestAgent(t.app);
    await anonymous.get("/api/app-config");
    const offenders: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;

    const check = async (agent: TestAgent, op: Operation, input: BadInput, who: string) => {
      const res = await send(agent, op, input);
      sent++;
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const problem = violation(res);
      if (problem) {
        const url = input.url.length > 120 ? `${input.url.slice(0, 100)}…` : input.url;
        offenders.push(
          `${who} ${op.method} ${url} [${input.label}] -> ${res.statusCode} (${problem}) ${res.body.slice(0, 160)}`,
        );
      }
      return res;
    };
    // Signed out, impersonating or throttled by now: what follows gets a new caller.
    const keepAdmin = async () => {
      const me = await admin.agent.get("/api/user");
      if (me.statusCode !== 200 || me.json<{ id: number }>().id !== admin.user.id) {
        admin = await signedInAgent(t, { company: home, role: "super_admin" });
      }
    };

    for (const op of operations) {
      let base: Record<string, unknown> | undefined;
      if (op.body) {
        const candidates = baseCandidates(op.body, ids);
        for (const candidate of candidates) {
          const input = {
            label: "body: a valid candidate",
            url: goodPath(op),
            body: toJson(candidate),
            contentType: JSON_TYPE,
          };
          const res = await check(admin.agent, op, input, "admin");
          base = candidate;
          if (res.statusCode !== 400 && res.statusCode !== 422) break;
        }
        await keepAdmin();
      }
      const inputs = badInputs(op, base);
      for (const input of inputs) {
        const res = await check(admin.agent, op, input, "admin");
        if (res.statusCode < 400) await keepAdmin();
      }
      // A couple of the same inputs from a caller who is not signed in.
      for (const input of inputs.slice(0, 2)) await check(anonymous, op, input, "anonymous");
      await keepAdmin();
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `bad-input pass: ${sent} requests over ${operations.length} operations in ${seconds} s (${byStatus.join(", ")})`,
    );
    expect(operations.length).toBeGreaterThan(40);
    expect(offenders, `${offenders.length} offenders:\n${offenders.join("\n")}`).toEqual([]);
  }, 180_000);
});
