import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { hasPermission } from "@netfleet/contracts/permissions";
import { FIXED_ROLE_LIST, FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import { ID_MAX } from "@netfleet/contracts/schemas/common";
import { MFA_SESSION_FIELDS } from "@netfleet/contracts/schemas/mfa";
import type { DeclaredRoute } from "../app";
import { actions, actionSteps, files, images } from "../db/schema";
import { signedInAs, type TestAgent } from "../test/agent";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { factories, type TestCompany } from "../test/factories";
import { rolesRepo } from "../modules/roles/roles.repo";
import { createInvitation } from "../modules/invitations/invitations.service";
import {
  documentedOperations,
  documentedPath,
  type JsonSchema,
  type Operation,
  sample,
  typeOf,
} from "../test/openapi-operations";

/**
 * The isolation walk. Every route declaring `access.tenant: true` that takes an id (a path
 * parameter, or a query or body field named `id`, `ids`, `<entity>_id` or `<entity>_ids`,
 * read from its OpenAPI operation) is called by every fixed role signed in to a company C
 * with the id of an object in C's sibling company and in C's parent company, and with an
 * id no row has. A caller without the route's permission gets the same refusal each time;
 * a caller holding it whose scope is C's subtree gets exactly the answer of the missing id;
 * a global-scope caller reaches the objects, which shows the ids are real. A new route is
 * found through the document, so it joins the walk without being listed here.
 *
 *     R ── P ─┬─ C   the callers' company (each fixed role has a user here)
 *             └─ S   C's sibling
 */

type EntityKind =
  "company" | "user" | "device" | "tag" | "role" | "invitation" | "file" | "image" | "action";
type Position = "sibling" | "parent";
const POSITIONS: readonly Position[] = ["sibling", "parent"];

/**
 * The entity an id names, by the field's prefix (`company_id`) or, for a bare `id`, by the
 * collection in the path. `parent_id` filters companies by their parent.
 */
const ENTITY_BY_NAME: Readonly<Record<string, EntityKind>> = {
  company: "company",
  companies: "company",
  parent: "company",
  user: "user",
  users: "user",
  device: "device",
  devices: "device",
  tag: "tag",
  tags: "tag",
  role: "role",
  roles: "role",
  invitation: "invitation",
  invitations: "invitation",
  file: "file",
  files: "file",
  image: "image",
  images: "image",
  // An action's id is its `scheduler_id`, which RMS calls a job.
  job: "action",
  jobs: "action",
};

/** Ids are serial and the world is small: no row has the largest id the schemas accept. */
const MISSING_ID = ID_MAX;

const ID_NAME = /^(?:ids?|(\w+?)_ids?)$/;
/** Second-factor fields the sensitive plugin lifts out of a body: not ids of objects. */
const NOT_IDS: ReadonlySet<string> = new Set(MFA_SESSION_FIELDS);

interface IdInput {
  in: "path" | "query" | "body";
  name: string;
  /** The name the entity was recognised by (`company`, `tags`…). */
  entity: string;
  kind: EntityKind | undefined;
  schema: JsonSchema | undefined;
  required: boolean;
}

/** The ids an operation takes, each with the entity it names. */
function idInputs(op: Operation): IdInput[] {
  const segments = op.path.split("/");
  const entityOf = (name: string, where: IdInput["in"]): string | null => {
    const match = ID_NAME.exec(name);
    if (!match || NOT_IDS.has(name)) return null;
    if (match[1]) return match[1];
    // A bare id names the collection before it in the path, or the collection listed.
    const end = where === "path" ? segments.indexOf(`{${name}}`) : segments.length;
    return (
      segments
        .slice(0, end)
        .reverse()
        .find((s) => s !== "" && !s.startsWith("{")) ?? ""
    );
  };
  const inputs: IdInput[] = [];
  const add = (where: IdInput["in"], name: string, schema?: JsonSchema, required = false) => {
    const entity = entityOf(name, where);
    if (entity === null) return;
    inputs.push({ in: where, name, entity, kind: ENTITY_BY_NAME[entity], schema, required });
  };
  for (const param of op.parameters) {
    if (param.in === "path" || param.in === "query")
      add(param.in, param.name, param.schema, param.in === "path" || param.required === true);
  }
  for (const [name, schema] of Object.entries(op.body?.properties ?? {}))
    add("body", name, schema, op.body?.required?.includes(name) ?? false);
  return inputs;
}

/** An id in the form the field takes: a number, text (a comma-separated list) or a list. */
function idValue(schema: JsonSchema | undefined, id: number): unknown {
  const type = typeOf(schema);
  if (type === "array") return [idValue(schema?.items, id)];
  if (type === "integer" || type === "number") return id;
  return String(id);
}

interface Answer {
  status: number;
  body: unknown;
}

function answerOf(res: LightMyRequestResponse): Answer {
  try {
    return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
  } catch {
    return { status: res.statusCode, body: res.body };
  }
}

const sameAnswer = (a: Answer, b: Answer) => JSON.stringify(a) === JSON.stringify(b);
const show = (a: Answer) => `${a.status} ${JSON.stringify(a.body).slice(0, 160)}`;
const routeLabel = (r: Pick<DeclaredRoute, "method" | "url">) => `${r.method} ${r.url}`;

let t: TestApp;
let operations: Map<string, Operation>;
const agents = new Map<FixedRoleName, TestAgent>();
/** The object of each kind in the callers' own company, the sibling and the parent. */
// Filled in by beforeAll, kind by kind.
const world = {
  own: {},
  sibling: {},
  parent: {},
} as Record<Position | "own", Record<EntityKind, number>>;
let companyAt: Record<Position | "own", TestCompany>;
let make: Record<EntityKind, (company: TestCompany) => Promise<number>>;
let roles = 0;
let invitations = 0;
let fileNames = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  const root = await f.company({ name: "Isolation Root" });
  const parent = await f.company({ name: "Isolation Parent", parent: root });
  const home = await f.company({ name: "Isolation Home", parent });
  const sibling = await f.company({ name: "Isolation Sibling", parent });
  companyAt = { own: home, sibling, parent };
  make = {
    company: async (company) => company.id,
    user: async (company) => (await f.user({ company, role: "end_user" })).id,
    device: async (company) => (await f.device({ company })).id,
    tag: async (company) => (await f.tag({ company })).id,
    role: (company) =>
      rolesRepo(t.database.db).createCustom({
        name: `Isolation role ${++roles}`,
        title: "Isolation role",
        description: "",
        companyId: company.id,
        permissions: ["view_devices"],
      }),
    file: async (company) => {
      const [row] = await t.database.db
        .insert(files)
        .values({
          companyId: company.id,
          type: "firmware",
          name: `isolation-${++fileNames}.bin`,
          fileSize: 1,
          sha256: "0".repeat(64),
          storageKey: "isolation",
        })
        .returning({ id: files.id });
      return row!.id;
    },
    image: async (company) => {
      const [row] = await t.database.db
        .insert(images)
        .values({
          companyId: company.id,
          type: "device_dashboard",
          name: "isolation.png",
          mime: "image/png",
          size: 1,
          width: 1,
          height: 1,
          storageKey: "isolation",
        })
        .returning({ id: images.id });
      return row!.id;
    },
    action: async (company) => {
      const device = await f.device({ company });
      const [action] = await t.database.db
        .insert(actions)
        .values({ name: "tags_assign", channel: "private-status.0.isolation", total: 1 })
        .returning({ id: actions.id });
      await t.database.db
        .insert(actionSteps)
        .values({ actionId: action!.id, deviceId: device.id, params: { tag_id: [] } });
      return action!.id;
    },
    invitation: async (company) =>
      (
        await createInvitation(t.app.ctx, t.database.db, {
          email: `isolation-${++invitations}@example.com`,
          companyId: company.id,
          companyName: company.name,
          roleId: FIXED_ROLES.end_user.id,
          invitedBy: null,
        })
      ).id,
  };
  for (const position of ["own", ...POSITIONS] as const) {
    for (const kind of Object.keys(make) as EntityKind[])
      world[position][kind] = await make[kind](companyAt[position]);
  }
  for (const role of FIXED_ROLE_LIST)
    agents.set(role.name, await signedInAs(t, await f.user({ company: home, role: role.name })));
  operations = new Map(documentedOperations(t.app).map((op) => [`${op.method} ${op.path}`, op]));
}, 60_000);
afterAll(() => t.close());

const operationOf = (route: DeclaredRoute) =>
  operations.get(`${route.method} ${documentedPath(route.url)}`);

const tenantRoutes = () =>
  t.app.declaredRoutes.filter((r) => !("public" in r.access) && r.access.tenant === true);

/**
 * The request that puts `id` into `target` and fills the rest validly: other ids name the
 * callers' own objects, other required fields get a sample, optional ones stay out.
 */
function requestFor(op: Operation, inputs: IdInput[], target: IdInput, id: number) {
  // An id of no known entity fails its own test above; the company stands in meanwhile.
  const valueOf = (input: IdInput) =>
    idValue(input.schema, input === target ? id : world.own[input.kind ?? "company"]);
  const find = (where: IdInput["in"], name: string) =>
    inputs.find((i) => i.in === where && i.name === name);
  const url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const input = find("path", name);
    const param = op.parameters.find((p) => p.in === "path" && p.name === name);
    return encodeURIComponent(String(input ? valueOf(input) : sample(name, param?.schema, {})));
  });
  const query = new URLSearchParams();
  for (const param of op.parameters.filter((p) => p.in === "query")) {
    const input = find("query", param.name);
    if (input === target || (input && input.required))
      query.set(param.name, String(valueOf(input)));
    else if (!input && param.required)
      query.set(param.name, String(sample(param.name, param.schema, {})));
  }
  let body: Record<string, unknown> | undefined;
  if (op.body) {
    body = {};
    for (const [name, schema] of Object.entries(op.body.properties ?? {})) {
      const input = find("body", name);
      const required = op.body.required?.includes(name) ?? false;
      if (input === target || (input && required)) body[name] = valueOf(input);
      else if (!input && required) body[name] = sample(name, schema, {});
    }
  }
  const search = query.toString();
  return { url: search ? `${url}?${search}` : url, body };
}

describe("tenant-scoped routes keep other companies' objects out of reach", () => {
  it("declares on every non-public route whether it is tenant-scoped", () => {
    const undeclared = t.app.declaredRoutes
      .filter((r) => !("public" in r.access) && typeof r.access.tenant !== "boolean")
      .map(routeLabel);
    expect(undeclared, "declare access.tenant on these routes").toEqual([]);
  });

  it("documents every tenant-scoped route, so the walk finds the ids it takes", () => {
    const missing = tenantRoutes()
      .filter((r) => !operationOf(r))
      .map(routeLabel);
    expect(missing).toEqual([]);
  });

  it("knows the entity of every id a tenant-scoped route takes", () => {
    const unmapped = tenantRoutes().flatMap((route) => {
      const op = operationOf(route);
      return (op ? idInputs(op) : [])
        .filter((input) => !input.kind)
        .map(
          (input) =>
            `map entity "${input.entity}" (${routeLabel(route)} ${input.in} ${input.name}) in ENTITY_BY_NAME and the world`,
        );
    });
    expect(unmapped).toEqual([]);
  });

  it("takes no id of a company's objects on a route declared not tenant-scoped", () => {
    const undeclared = t.app.declaredRoutes.flatMap((route) => {
      if ("public" in route.access || route.access.tenant !== false) return [];
      const op = operationOf(route);
      return (op ? idInputs(op) : [])
        .filter((input) => input.kind)
        .map(
          (input) => `${routeLabel(route)} takes ${input.in} ${input.name}: declare tenant: true`,
        );
    });
    expect(undeclared).toEqual([]);
  });

  it("answers ids of a sibling's and a parent's objects exactly as a missing id", async () => {
    const offenders: string[] = [];
    const walked = new Set<string>();
    let inputCount = 0;
    let calls = 0;
    for (const route of tenantRoutes()) {
      if ("public" in route.access) continue;
      const op = operationOf(route);
      if (!op) continue;
      const inputs = idInputs(op);
      for (const input of inputs) {
        const kind = input.kind;
        if (!kind) continue;
        walked.add(routeLabel(route));
        inputCount++;
        for (const role of FIXED_ROLE_LIST) {
          const agent = agents.get(role.name)!;
          const send = async (id: number) => {
            const { url, body } = requestFor(op, inputs, input, id);
            return answerOf(await agent.request(op.method, url, body));
          };
          const label = `${role.name} ${routeLabel(route)} ${input.in} ${input.name}`;
          const holds = hasPermission(role.permissions, route.access.permission);
          const missing = await send(MISSING_ID);
          if (holds && input.in === "path" && missing.status !== 404)
            offenders.push(`${label}=missing: ${show(missing)}, not 404`);
          for (const position of POSITIONS) {
            const answer = await send(world[position][kind]);
            calls++;
            const at = `${label}=${position}'s ${kind}`;
            if (holds && role.globalScope) {
              if (answer.status === 404)
                offenders.push(`${at}: 404 for a global-scope caller, so the id is not real`);
            } else if (!sameAnswer(answer, missing)) {
              offenders.push(`${at}: ${show(answer)}; a missing id gets ${show(missing)}`);
            }
            // Deleted or moved by a caller allowed to: the next caller gets a fresh object.
            if (route.method !== "GET" && answer.status < 300)
              world[position][kind] = await make[kind](companyAt[position]);
          }
        }
      }
    }
    console.log(
      `isolation walk: ${walked.size} routes (${inputCount} ids) × ${FIXED_ROLE_LIST.length} roles × ${POSITIONS.length} positions = ${calls} calls`,
    );
    expect(walked.size).toBeGreaterThan(5);
    expect(offenders, `${offenders.length} answers tell:\n${offenders.join("\n")}`).toEqual([]);
  }, 120_000);
});
