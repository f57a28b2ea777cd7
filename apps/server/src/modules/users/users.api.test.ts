import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentUserResponseSchema } from "@netfleet/contracts/schemas/users";
import { FIXED_ROLES } from "@netfleet/contracts/roles";
import { TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories } from "../../test/factories";

let t: TestApp;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
});
afterAll(() => t.close());

describe("GET /api/user", () => {
  it("SH-HTTP-016 answers the current-user fields, at the top level and under data", async () => {
    const parent = await f.company({ name: "Parent Co", showPayment: true });
    const child = await f.company({ name: "Child Co", parent });
    const user = await f.user({
      company: child,
      role: "read_only",
      email: "Guest.User@Example.com",
    });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const res = await agent.get("/api/user");
    expect(res.statusCode).toBe(200);
    const body = currentUserResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.data).toEqual(
      expect.objectContaining({ id: user.id, email: "guest.user@example.com" }),
    );
    expect(body.email).toBe("guest.user@example.com");
    expect(body.company).toEqual({
      id: child.id,
      name: "Child Co",
      level: 2,
      parent_id: parent.id,
      show_payment: false,
    });
    expect(body.role).toEqual({ id: 4, name: "read_only", title: "Guest" });
    expect(body.permissions).toEqual([...FIXED_ROLES.read_only.permissions].sort());
    expect(body.tos_accepted).toBe(false);
    expect(body.mfa_type).toBeNull();
    expect(body.impersonation_access_limit).toBeNull();
    expect(body.token.act).toBeUndefined();
    expect(body.token.sub).toBe(String(user.id));
    expect(body.exp).toBe(body.token.exp);
    expect(body.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it("gives a top-level company parent_id 0 and level 1", async () => {
    const top = await f.company({ name: "Top Co" });
    const user = await f.user({ company: top, role: "super_admin" });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const body = (await agent.get("/api/user")).json<{
      company: { level: number; parent_id: number };
    }>();
    expect(body.company).toMatchObject({ level: 1, parent_id: 0 });
  });

  it("answers a personal access token with that token's scopes", async () => {
    const user = await f.user({ company: await f.company() });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const created = await agent.post("/account/tokens", {
      name: "script",
      scopes: ["devices:read"],
    });
    const token = created.json<{ data: { token: string } }>().data.token;
    const res = await new TestAgent(t.app).get("/api/user", { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ scope: string[] }>().scope).toEqual(["devices:read"]);
  });
});
