import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentUserResponseSchema, type UserListItem } from "@netfleet/contracts/schemas/users";
import { FIXED_ROLES } from "@netfleet/contracts/roles";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { users } from "../../db/schema";
import { expectMatchesReference } from "../../test/reference-api";

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
    expectMatchesReference("GET", "/api/user", 200, res.json());
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

describe("GET /api/users", () => {
  let root: TestCompany;
  let north: TestCompany;
  let rootAdmin: TestAgent;
  let northAdmin: TestAgent;
  let ona: { id: number };

  type ListBody = { data: UserListItem[]; meta: { total: number } };
  type ErrorBody = { errors: { code: string; source: string; message: string }[] };
  const emails = (body: ListBody) => body.data.map((u) => u.email);

  beforeAll(async () => {
    root = await f.company({ name: "Users Root" });
    north = await f.company({ name: "Users North", parent: root });
    const south = await f.company({ name: "Users South", parent: root });
    ona = await f.user({
      company: north,
      role: "end_user",
      email: "ona.p@north.example",
      username: "ona",
      firstName: "Ona",
      lastName: "Petraitė",
    });
    await f.user({
      company: north,
      role: "read_only",
      email: "jonas@north.example",
      username: "jk_50%",
      firstName: "Jonas",
      lastName: "Kazlauskas",
    });
    await f.user({
      company: north,
      role: "read_only",
      email: "jkx500@north.example",
      username: "jkx500",
    });
    await f.user({ company: south, email: "sam@south.example", firstName: "Sam" });
    rootAdmin = (
      await signedInAgent(t, { company: root, role: "admin", email: "admin@root.example" })
    ).agent;
    northAdmin = (
      await signedInAgent(t, { company: north, role: "admin", email: "admin@north.example" })
    ).agent;
  });

  it("shows the users of a company and its subsidiaries, never a sibling's", async () => {
    const body = (await northAdmin.get("/api/users?sort=email")).json<ListBody>();
    expect(emails(body)).toEqual([
      "admin@north.example",
      "jkx500@north.example",
      "jonas@north.example",
      "ona.p@north.example",
    ]);
    expect(body.meta.total).toBe(4);
    const fromRoot = (await rootAdmin.get("/api/users?limit=100")).json<ListBody>();
    expectMatchesReference("GET", "/api/users", 200, fromRoot);
    expect(emails(fromRoot)).toEqual(expect.arrayContaining(["sam@south.example"]));
    expect(fromRoot.meta.total).toBe(6);
  });

  it("describes each user as RMS does, the role by id and spelled out", async () => {
    const body = (await northAdmin.get(`/api/users?id=${ona.id}`)).json<ListBody>();
    expect(body.data).toEqual([
      {
        id: ona.id,
        email: "ona.p@north.example",
        username: "ona",
        first_name: "Ona",
        last_name: "Petraitė",
        company_id: north.id,
        company_name: "Users North",
        role: 3,
        role_name: "end_user",
        role_title: "End Client",
        mfa_type: null,
        last_login_at: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      },
    ]);
  });

  it("searches e-mail, username and names, first and last together too", async () => {
    const search = async (q: string) =>
      emails((await northAdmin.get(`/api/users?q=${encodeURIComponent(q)}`)).json<ListBody>());
    expect(await search("PETRAIT")).toEqual(["ona.p@north.example"]);
    expect(await search("s kaz")).toEqual(["jonas@north.example"]);
    expect(await search("k_5")).toEqual(["jonas@north.example"]);
    expect(await search("50%")).toEqual(["jonas@north.example"]);
    expect(await search("south")).toEqual([]);
  });

  it("SH-HTTP-023 matches the console's name,email search and returns just the e-mail", async () => {
    const res = await northAdmin.get(
      "/api/users?q=jk&limit=10&search-fields=name,email&fields=id,name,status,email,protocol,enabled,color",
    );
    // Usernames are not searched by the console: "jk_50%" does not match, "jkx500@…" does.
    expect(res.json<{ data: unknown[] }>().data).toEqual([
      { id: expect.any(Number), email: "jkx500@north.example" },
    ]);
    const refused = await northAdmin.get("/api/users?q=jk&search-fields=role,company");
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors[0]).toMatchObject({
      code: "VALIDATION_FAILED",
      source: "search-fields",
      message: expect.stringContaining("email, username, name") as string,
    });
  });

  it("filters by role, given by id or name", async () => {
    const byName = (await northAdmin.get("/api/users?role=read_only&sort=email")).json<ListBody>();
    expect(emails(byName)).toEqual(["jkx500@north.example", "jonas@north.example"]);
    const byId = (await northAdmin.get("/api/users?role=4&sort=email")).json<ListBody>();
    expect(emails(byId)).toEqual(emails(byName));
    expect((await northAdmin.get("/api/users?role=nobody")).json<ListBody>().meta.total).toBe(0);
    const huge = await northAdmin.get("/api/users?role=99999999999");
    expect(huge.json<ListBody>().meta.total).toBe(0);
  });

  it("filters by a company of the caller's tree and answers 404 for any other", async () => {
    const body = (await rootAdmin.get(`/api/users?company_id=${north.id}`)).json<ListBody>();
    expect(body.meta.total).toBe(4);
    const outside = await northAdmin.get(`/api/users?company_id=${root.id}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json<ErrorBody>().errors[0]?.source).toBe("company_id");
  });

  it("pages, counts and sorts, refusing an unknown sort field", async () => {
    const page = (
      await northAdmin.get("/api/users?sort=-username&limit=2&offset=1")
    ).json<ListBody>();
    expect(page.data.map((u) => u.username)).toEqual(["jkx500", "jk_50%"]);
    expect(page.meta.total).toBe(4);
    const refused = await northAdmin.get("/api/users?sort=password_hash");
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors[0]?.source).toBe("sort");
  });

  it("shows the second factor and sorts by last sign-in, never-signed-in users last both ways", async () => {
    const company = await f.company({ parent: north });
    const early = await f.user({ company, email: "early@sort.example" });
    const late = await f.user({ company, email: "late@sort.example" });
    await f.user({ company, email: "never@sort.example" });
    await t.database.db
      .update(users)
      .set({ lastLoginAt: new Date("2025-01-01T00:00:00Z"), mfaType: "totp" })
      .where(eq(users.id, early.id));
    await t.database.db
      .update(users)
      .set({ lastLoginAt: new Date("2025-06-01T00:00:00Z") })
      .where(eq(users.id, late.id));
    const sorted = async (sort: string) => {
      const res = await rootAdmin.get(`/api/users?company_id=${company.id}&sort=${sort}`);
      return res.json<ListBody>().data.map((u) => [u.email, u.last_login_at, u.mfa_type]);
    };
    expect(await sorted("last_login_at")).toEqual([
      ["early@sort.example", "2025-01-01T00:00:00.000Z", "totp"],
      ["late@sort.example", "2025-06-01T00:00:00.000Z", null],
      ["never@sort.example", null, null],
    ]);
    expect((await sorted("-last_login_at")).map(([email]) => email)).toEqual([
      "late@sort.example",
      "early@sort.example",
      "never@sort.example",
    ]);
  });

  it("refuses roles without view_users", async () => {
    for (const role of ["read_only", "end_user"] as const) {
      const res = await (await signedInAgent(t, { company: north, role })).agent.get("/api/users");
      expect(res.statusCode, role).toBe(403);
    }
  });
});
