import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPermission } from "@netfleet/contracts/permissions";
import { FIXED_ROLE_LIST, type FixedRoleName } from "@netfleet/contracts/roles";
import { API_SCOPES } from "@netfleet/contracts/scopes";
import type { DeclaredRoute } from "../app";
import { TestAgent } from "../test/agent";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { factories } from "../test/factories";

/**
 * Walks every route the server registered with every fixed role, an anonymous caller
 * and personal access tokens, and checks the answer against the route's declared access.
 * A new route is walked without touching this file.
 */

let t: TestApp;
const agents = new Map<FixedRoleName, TestAgent>();
let tokenAll: string;
let tokenNone: string;

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  const company = await f.company();
  for (const role of FIXED_ROLE_LIST) {
    const user = await f.user({ company, role: role.name });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    agents.set(role.name, agent);
  }
  const admin = agents.get("super_admin")!;
  const create = async (scopes: string[]) =>
    (await admin.post("/account/tokens", { name: `walk ${scopes.length}`, scopes })).json<{
      data: { token: string };
    }>().data.token;
  tokenAll = await create([...API_SCOPES]);
  // A token needs a scope: one no route asks for, so every scoped route refuses it.
  const used = new Set(
    t.app.declaredRoutes.map((r) => ("scope" in r.access ? r.access.scope : "")),
  );
  tokenNone = await create([API_SCOPES.find((scope) => !used.has(scope))!]);
});
afterAll(() => t.close());

function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => (name.endsWith("id") ? "999999" : "sample"));
}

function call(agent: TestAgent, route: DeclaredRoute, headers?: Record<string, string>) {
  const method = route.method as "GET" | "POST" | "PUT" | "DELETE";
  return agent.request(
    method,
    concrete(route.url),
    method === "GET" || method === "DELETE" ? undefined : {},
    headers,
  );
}

const code = (body: string) =>
  (JSON.parse(body) as { errors?: { code: string }[] }).errors?.[0]?.code;

describe("every route enforces its declared access", () => {
  it("has routes to walk", () => {
    expect(t.app.declaredRoutes.length).toBeGreaterThan(10);
    expect(t.app.declaredRoutes.some((r) => r.url === "/api/user")).toBe(true);
  });

  it("refuses anonymous callers on every non-public route with 401", async () => {
    for (const route of t.app.declaredRoutes) {
      const res = await call(new TestAgent(t.app), route);
      const label = `${route.method} ${route.url}`;
      expect(res.statusCode, label).toBeLessThan(500);
      if ("public" in route.access) {
        expect(res.json<{ errors?: { message: string }[] }>().errors?.[0]?.message, label).not.toBe(
          "Sign in to continue.",
        );
      } else {
        expect(res.statusCode, label).toBe(401);
        expect(code(res.body), label).toBe("UNAUTHORIZED");
      }
    }
  });

  for (const role of FIXED_ROLE_LIST) {
    it(`serves ${role.name} exactly the routes its permissions allow`, async () => {
      const agent = agents.get(role.name)!;
      for (const route of t.app.declaredRoutes) {
        if ("public" in route.access) continue;
        const res = await call(agent, route);
        const label = `${role.name} ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (hasPermission(role.permissions, route.access.permission)) {
          expect([401, 403], label).not.toContain(res.statusCode);
        } else {
          expect(res.statusCode, label).toBe(403);
          expect(code(res.body), label).toBe("FORBIDDEN");
        }
      }
    });
  }

  it("serves bearer tokens only routes open to them, and only with the route's scope", async () => {
    for (const route of t.app.declaredRoutes) {
      if ("public" in route.access) continue;
      const label = `${route.method} ${route.url}`;
      const withAll = await call(new TestAgent(t.app), route, {
        authorization: `Bearer ${tokenAll}`,
      });
      const withNone = await call(new TestAgent(t.app), route, {
        authorization: `Bearer ${tokenNone}`,
      });
      const open =
        !route.access.session && (route.access.scope !== undefined || route.access.bearer === true);
      if (open) {
        expect([401, 403], `${label} all scopes`).not.toContain(withAll.statusCode);
      } else {
        expect(withAll.statusCode, `${label} all scopes`).toBe(403);
      }
      if (route.access.scope) {
        expect(withNone.statusCode, `${label} no scope`).toBe(403);
        expect(code(withNone.body), `${label} no scope`).toBe("INSUFFICIENT_SCOPE");
      }
    }
  });

  it("refuses an unknown bearer token with 401", async () => {
    const res = await new TestAgent(t.app).get("/api/user", {
      authorization: "Bearer nf_pat_not-a-real-token",
    });
    expect(res.statusCode).toBe(401);
  });
});
