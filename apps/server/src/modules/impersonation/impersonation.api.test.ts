import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import type { ImpersonationLog } from "@netfleet/contracts/schemas/impersonation";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { impersonationGrants, impersonationLogs, mailOutbox, users } from "../../db/schema";
import { signedInAgent, signedInAs, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let north: TestCompany;
let northRetail: TestCompany;
let south: TestCompany;

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Acme" });
  north = await f.company({ name: "Acme North", parent: root });
  northRetail = await f.company({ name: "Acme North Retail", parent: north });
  south = await f.company({ name: "Acme South", parent: root });
});
afterAll(() => t.close());

async function me(agent: TestAgent) {
  const res = await agent.get("/api/user");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CurrentUser>();
}

const firstError = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; message: string; source: string | null }[] })
    .errors[0];

/** A user who granted access until `until` (a week ahead unless given). */
function grantor(company: TestCompany, role: FixedRoleName = "end_user", until = inDays(7)) {
  return f.user({ company, role, impersonationAccessLimit: until });
}

async function impersonate(agent: TestAgent, target: { id: number }) {
  const res = await agent.post(`/api/users/${target.id}/impersonate`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function logsOf(targetId: number) {
  return t.database.db
    .select()
    .from(impersonationLogs)
    .where(eq(impersonationLogs.targetId, targetId))
    .orderBy(desc(impersonationLogs.id));
}

async function lastMailTo(email: string) {
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

function grantToken(text: string): string {
  const match = /\/users\/confirm-impersonation-access\/([A-Za-z0-9_%-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no confirmation link in ${text}`);
  return decodeURIComponent(match[1]);
}

async function setLimit(userId: number, until: Date | null) {
  await t.database.db
    .update(users)
    .set({ impersonationAccessLimit: until })
    .where(eq(users.id, userId));
}

describe("granting impersonation access", () => {
  it("SH-SESSION-013 takes effect only once the same user opens the e-mailed link", async () => {
    const user = await f.user({ company: north, role: "end_user" });
    const agent = await signedInAs(t, user);
    const until = inDays(7);

    const res = await agent.post("/api/user/impersonation-access", { until: until.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: object }>().data).toMatchObject({
      email: user.email,
      until: until.toISOString(),
    });
    expect((await me(agent)).impersonation_access_limit).toBeNull();

    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toBe("Confirm support access to your account");
    expect(mail?.text).toContain("http://localhost:8080/users/confirm-impersonation-access/");
    const token = grantToken(mail!.text);
    const [stored] = await t.database.db
      .select({ hash: impersonationGrants.tokenHash })
      .from(impersonationGrants)
      .where(eq(impersonationGrants.userId, user.id));
    expect(stored?.hash).not.toBe(token);

    const stranger = await signedInAs(t, await f.user({ company: north, role: "end_user" }));
    const foreign = await stranger.post("/api/user/impersonation-access/confirm", { token });
    expect(foreign.statusCode).toBe(422);
    expect(firstError(foreign.body)).toMatchObject({ code: "INVALID_TOKEN", source: "token" });

    const confirmed = await agent.post("/api/user/impersonation-access/confirm", { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ data: object }>().data).toEqual({
      impersonation_access_limit: until.toISOString(),
    });
    expect((await me(agent)).impersonation_access_limit).toBe(until.toISOString());

    const again = await agent.post("/api/user/impersonation-access/confirm", { token });
    expect(again.statusCode).toBe(422);
    expect(firstError(again.body)?.code).toBe("INVALID_TOKEN");
  });

  it("extends access already granted the same way", async () => {
    const user = await grantor(north, "end_user", inDays(2));
    const agent = await signedInAs(t, user);
    const until = inDays(20);
    await agent.post("/api/user/impersonation-access", { until: until.toISOString() });
    const token = grantToken((await lastMailTo(user.email))!.text);
    expect((await me(agent)).impersonation_access_limit).toBe(
      user.impersonationAccessLimit!.toISOString(),
    );
    await agent.post("/api/user/impersonation-access/confirm", { token });
    expect((await me(agent)).impersonation_access_limit).toBe(until.toISOString());
  });

  it("names the date field when it is missing, past, or more than 30 days ahead", async () => {
    const agent = await signedInAs(t, await f.user({ company: north, role: "end_user" }));
    const cases: [unknown, string][] = [
      [{}, "Choose until when access is granted"],
      [{ until: "next tuesday" }, "Enter a date and time"],
      [{ until: inDays(-1).toISOString() }, "Choose a time in the future"],
      [{ until: inDays(31).toISOString() }, "Access can be granted for at most 30 days"],
    ];
    for (const [body, message] of cases) {
      const res = await agent.post("/api/user/impersonation-access", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(firstError(res.body), JSON.stringify(body)).toMatchObject({
        code: "VALIDATION_FAILED",
        source: "until",
        message,
      });
    }
    const thirty = await agent.post("/api/user/impersonation-access", {
      until: inDays(30).toISOString(),
    });
    expect(thirty.statusCode).toBe(200);
  });

  it("refuses a link after its 24 hours", async () => {
    const user = await f.user({ company: north, role: "end_user" });
    const agent = await signedInAs(t, user);
    await agent.post("/api/user/impersonation-access", { until: inDays(3).toISOString() });
    const token = grantToken((await lastMailTo(user.email))!.text);
    await t.database.db
      .update(impersonationGrants)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(impersonationGrants.userId, user.id));
    const res = await agent.post("/api/user/impersonation-access/confirm", { token });
    expect(res.statusCode).toBe(422);
    expect((await me(agent)).impersonation_access_limit).toBeNull();
  });

  it("SH-SESSION-014 revoking clears the grant and voids links not opened yet", async () => {
    const user = await grantor(north);
    const agent = await signedInAs(t, user);
    await agent.post("/api/user/impersonation-access", { until: inDays(9).toISOString() });
    const token = grantToken((await lastMailTo(user.email))!.text);

    const res = await agent.post("/api/user/revoke-impersonation-access");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Impersonation access revoked successfully",
    });
    expect((await me(agent)).impersonation_access_limit).toBeNull();
    const late = await agent.post("/api/user/impersonation-access/confirm", { token });
    expect(late.statusCode).toBe(422);
  });
});

describe("POST /api/users/:id/impersonate", () => {
  it("SH-HTTP-016 lets support act as the user: token.act names the operator, permissions and scope are the user's", async () => {
    const target = await grantor(northRetail);
    await f.device({ company: northRetail, name: "retail-router" });
    await f.device({ company: south, name: "south-router" });
    const { user: support, agent } = await signedInAgent(t, { company: root, role: "support" });

    const res = await impersonate(agent, target);
    expect(res.json()).toMatchObject({ success: true, data: { location: "/management/devices" } });

    const body = await me(agent);
    expect(body.id).toBe(target.id);
    expect(body.email).toBe(target.email);
    expect(body.token.sub).toBe(String(target.id));
    expect(body.token.act).toEqual({ sub: String(support.id), email: support.email });
    expect(body.permissions).toEqual([...FIXED_ROLES.end_user.permissions].sort());
    const devices = (await agent.get("/api/devices?limit=100")).json<{
      data: { company_name: string }[];
    }>();
    expect(new Set(devices.data.map((d) => d.company_name))).toEqual(
      new Set(["Acme North Retail"]),
    );
    expect(await logsOf(target.id)).toEqual([
      expect.objectContaining({
        operatorId: support.id,
        operatorEmail: support.email,
        targetId: target.id,
        targetEmail: target.email,
        targetCompanyId: northRetail.id,
        endedAt: null,
        endReason: null,
      }),
    ]);
  });

  it("lets a system administrator start too", async () => {
    const target = await grantor(south, "admin");
    const { user, agent } = await signedInAgent(t, { company: root, role: "super_admin" });
    await impersonate(agent, target);
    expect((await me(agent)).token.act).toEqual({ sub: String(user.id), email: user.email });
  });

  it("refuses roles without impersonate_users", async () => {
    const target = await grantor(northRetail);
    for (const role of ["end_user", "read_only", "readonly_admin"] as const) {
      const { agent } = await signedInAgent(t, { company: north, role });
      const res = await agent.post(`/api/users/${target.id}/impersonate`);
      expect(res.statusCode, role).toBe(403);
      expect(firstError(res.body)?.code, role).toBe("FORBIDDEN");
    }
    expect(await logsOf(target.id)).toEqual([]);
  });

  it("reaches only users in the operator's company tree (admins hold impersonate_users)", async () => {
    const target = await grantor(northRetail);
    const { agent: southAdmin } = await signedInAgent(t, { company: south, role: "admin" });
    const outside = await southAdmin.post(`/api/users/${target.id}/impersonate`);
    expect(outside.statusCode).toBe(404);
    expect(firstError(outside.body)?.message).toBe("No such user.");

    const { user: northAdmin, agent } = await signedInAgent(t, { company: north, role: "admin" });
    await impersonate(agent, target);
    expect((await me(agent)).token.act?.email).toBe(northAdmin.email);
  });

  it("refuses users without a grant in the future, oneself and disabled accounts, saying why", async () => {
    const { user: support, agent } = await signedInAgent(t, { company: root, role: "support" });
    const never = await f.user({ company: north, role: "end_user" });
    const expired = await grantor(north, "end_user", inDays(-1));
    const disabled = await f.user({
      company: north,
      role: "end_user",
      disabled: true,
      impersonationAccessLimit: inDays(3),
    });
    await setLimit(support.id, inDays(3));

    const cases: [number, number, string][] = [
      [never.id, 403, `${never.email} has not allowed anyone to impersonate them.`],
      [
        expired.id,
        403,
        `${expired.email} allowed impersonation only until ${expired.impersonationAccessLimit!.toISOString()}; that time has passed.`,
      ],
      [disabled.id, 403, `The account ${disabled.email} is disabled.`],
      [support.id, 422, "You cannot impersonate yourself."],
    ];
    for (const [id, status, message] of cases) {
      const res = await agent.post(`/api/users/${id}/impersonate`);
      expect(res.statusCode, message).toBe(status);
      expect(firstError(res.body)?.message).toBe(message);
    }
    expect((await me(agent)).token.act).toBeUndefined();
  });

  it("keeps a system administrator out of reach of other operators", async () => {
    const boss = await grantor(root, "super_admin");
    const { agent } = await signedInAgent(t, { company: root, role: "support" });
    const res = await agent.post(`/api/users/${boss.id}/impersonate`);
    expect(res.statusCode).toBe(403);
    expect(firstError(res.body)?.message).toBe("Only a system administrator may impersonate one.");
  });

  it("refuses to start a second impersonation while impersonating", async () => {
    const first = await grantor(north, "admin");
    const second = await grantor(north);
    const { agent } = await signedInAgent(t, { company: root, role: "support" });
    await impersonate(agent, first);
    const res = await agent.post(`/api/users/${second.id}/impersonate`);
    expect(res.statusCode).toBe(403);
    expect(firstError(res.body)?.message).toBe(
      "This is not available while impersonating another user. Cancel the impersonation first.",
    );
    expect(await logsOf(second.id)).toEqual([]);
  });
});

describe("while impersonating", () => {
  it("refuses the account's own secrets and identity: tokens, e-mail and access grants", async () => {
    const target = await grantor(north, "end_user");
    const { agent } = await signedInAgent(t, { company: root, role: "support" });
    await impersonate(agent, target);

    const attempts = [
      await agent.post("/account/tokens", { name: "sneaky", scopes: ["devices:read"] }),
      await agent.delete("/account/tokens/1"),
      await agent.put("/account/user", { email: "elsewhere@example.com" }),
      await agent.post("/api/user/impersonation-access", { until: inDays(5).toISOString() }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(403);
      expect(firstError(res.body)?.message).toMatch(/while impersonating another user/);
    }
    expect((await me(agent)).email).toBe(target.email);
  });

  it("does not list the user's personal access tokens", async () => {
    const target = await grantor(north, "end_user");
    const own = await signedInAs(t, target);
    const created = await own.post("/account/tokens", { name: "deploy", scopes: ["devices:read"] });
    expect(created.statusCode, created.body).toBe(201);
    const { agent } = await signedInAgent(t, { company: root, role: "support" });
    await impersonate(agent, target);
    const res = await agent.get("/account/tokens");
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain("deploy");
    expect(firstError(res.body)?.message).toMatch(/while impersonating another user/);
  });

  it("SH-SESSION-013 a refresh keeps the impersonation while the grant holds and returns to the operator once it passed", async () => {
    const target = await grantor(north);
    const { user: support, agent } = await signedInAgent(t, { company: root, role: "support" });
    await impersonate(agent, target);

    expect((await agent.post("/account/token/refresh")).statusCode).toBe(200);
    expect((await me(agent)).token.act?.sub).toBe(String(support.id));

    await setLimit(target.id, new Date(Date.now() - 1000));
    expect((await agent.get("/api/user")).statusCode).toBe(401);
    expect((await agent.post("/account/token/refresh")).statusCode).toBe(200);
    const back = await me(agent);
    expect(back.id).toBe(support.id);
    expect(back.token.act).toBeUndefined();
    expect((await logsOf(target.id))[0]).toMatchObject({
      endReason: "expired",
      endedAt: expect.any(Date),
    });
  });

  it("SH-SESSION-014 the user revoking access ends the live impersonation; the operator's next refresh is their own", async () => {
    const target = await grantor(north);
    const { user: support, agent } = await signedInAgent(t, { company: root, role: "support" });
    await impersonate(agent, target);

    const own = await signedInAs(t, target);
    expect((await own.post("/api/user/revoke-impersonation-access")).statusCode).toBe(200);

    expect((await agent.get("/api/user")).statusCode).toBe(401);
    expect((await agent.post("/account/token/refresh")).statusCode).toBe(200);
    expect((await me(agent)).id).toBe(support.id);
    expect((await logsOf(target.id))[0]).toMatchObject({ endReason: "revoked" });
    expect((await agent.post(`/api/users/${target.id}/impersonate`)).statusCode).toBe(403);
  });

  it("revoking from inside the impersonation returns the operator at once", async () => {
    const target = await grantor(north);
    const { user: support, agent } = await signedInAgent(t, { company: root, role: "support" });
    await impersonate(agent, target);
    expect((await agent.post("/api/user/revoke-impersonation-access")).statusCode).toBe(200);
    expect((await me(agent)).id).toBe(support.id);
    expect((await logsOf(target.id))[0]).toMatchObject({ endReason: "revoked" });
  });

  it("SH-SESSION-015 cancelling ends and logs it and gives the operator their own token back", async () => {
    const target = await grantor(north);
    const { user: support, agent } = await signedInAgent(t, { company: root, role: "support" });
    await impersonate(agent, target);

    const res = await agent.post("/api/user/cancel-impersonation");
    expect(res.statusCode).toBe(200);
    expect(res.cookies.some((c) => c.name === "nf_session")).toBe(true);
    const back = await me(agent);
    expect(back.id).toBe(support.id);
    expect(back.token.act).toBeUndefined();
    expect((await logsOf(target.id))[0]).toMatchObject({
      endReason: "cancelled",
      endedAt: expect.any(Date),
    });

    const again = await agent.post("/api/user/cancel-impersonation");
    expect(again.statusCode).toBe(409);
    expect(firstError(again.body)?.message).toBe("You are not impersonating anyone.");
    // The grant still holds: the operator may start again.
    await impersonate(agent, target);
  });

  it("SH-MENU-034 logging out ends the impersonation and the session", async () => {
    const target = await grantor(north);
    const { agent } = await signedInAgent(t, { company: root, role: "support" });
    await impersonate(agent, target);
    const refreshCookie = agent.cookies.get("nf_refresh");

    const res = await agent.post("/account/token/revoke", {});
    expect(res.statusCode).toBe(200);
    expect((await logsOf(target.id))[0]).toMatchObject({ endReason: "signed_out" });
    expect((await agent.get("/api/user")).statusCode).toBe(401);
    const replay = new TestAgent(t.app);
    replay.cookies.set("nf_refresh", refreshCookie!);
    expect((await replay.post("/account/token/refresh")).statusCode).toBe(401);
  });
});

describe("GET /api/users/impersonation-logs", () => {
  it("lists who impersonated whom and when, newest first, paged, sorted and searchable", async () => {
    const company = await f.company({ name: "Logs Co" });
    const alpha = await grantor(company, "end_user");
    const beta = await grantor(company, "admin");
    const { user: support, agent } = await signedInAgent(t, { company: root, role: "support" });
    for (const target of [alpha, beta, alpha]) {
      await impersonate(agent, target);
      await agent.post("/api/user/cancel-impersonation");
    }
    const { agent: viewer } = await signedInAgent(t, { company: company, role: "admin" });

    const res = await viewer.get("/api/users/impersonation-logs?limit=2");
    expect(res.statusCode).toBe(200);
    const page = res.json<{ data: ImpersonationLog[]; meta: { total: number } }>();
    expect(page.meta.total).toBe(3);
    expect(page.data.map((l) => l.target_email)).toEqual([alpha.email, beta.email]);
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      operator_id: support.id,
      operator_email: support.email,
      target_id: alpha.id,
      target_email: alpha.email,
      company_id: company.id,
      company_name: "Logs Co",
      started_at: expect.any(String),
      ended_at: expect.any(String),
      end_reason: "cancelled",
    });
    expect(Date.parse(page.data[0]!.ended_at!)).toBeGreaterThanOrEqual(
      Date.parse(page.data[0]!.started_at),
    );

    const sorted = (
      await viewer.get("/api/users/impersonation-logs?sort=target_email,-started_at")
    ).json<{ data: ImpersonationLog[] }>();
    expect(sorted.data.map((l) => l.target_email)).toEqual(
      [alpha.email, alpha.email, beta.email].sort(),
    );
    const found = (
      await viewer.get(`/api/users/impersonation-logs?q=${encodeURIComponent(beta.email)}`)
    ).json<{ data: ImpersonationLog[]; meta: { total: number } }>();
    expect(found.meta.total).toBe(1);
    const bad = await viewer.get("/api/users/impersonation-logs?sort=password");
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad.body)?.source).toBe("sort");
  });

  it("shows a company only impersonations of users in its own tree", async () => {
    const parent = await f.company({ name: "Tenant Parent" });
    const child = await f.company({ name: "Tenant Child", parent });
    const other = await f.company({ name: "Tenant Other" });
    const inChild = await grantor(child);
    const inOther = await grantor(other);
    const { agent } = await signedInAgent(t, { company: root, role: "support" });
    for (const target of [inChild, inOther]) {
      await impersonate(agent, target);
      await agent.post("/api/user/cancel-impersonation");
    }

    const { agent: parentAdmin } = await signedInAgent(t, { company: parent, role: "admin" });
    const seen = (await parentAdmin.get("/api/users/impersonation-logs?limit=100")).json<{
      data: ImpersonationLog[];
    }>();
    expect(seen.data.map((l) => l.target_email)).toEqual([inChild.email]);

    const { agent: support } = await signedInAgent(t, { company: root, role: "support" });
    const all = (await support.get("/api/users/impersonation-logs?limit=100")).json<{
      data: ImpersonationLog[];
    }>();
    expect(all.data.map((l) => l.target_email)).toEqual(
      expect.arrayContaining([inChild.email, inOther.email]),
    );
  });
});

describe("GET /api/users/impersonable", () => {
  it("lists users in scope whose grant lies ahead, without the caller", async () => {
    const company = await f.company({ name: "Pick Co" });
    const sub = await f.company({ name: "Pick Sub", parent: company });
    const elsewhere = await f.company({ name: "Pick Elsewhere" });
    const granted = await grantor(sub, "end_user");
    await grantor(sub, "end_user", inDays(-2));
    await f.user({ company: sub, role: "end_user" });
    await grantor(elsewhere);
    const admin = await grantor(company, "admin");
    const agent = await signedInAs(t, admin);

    const res = await agent.get("/api/users/impersonable");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: [
        {
          id: granted.id,
          email: granted.email,
          first_name: null,
          last_name: null,
          company_id: sub.id,
          company_name: "Pick Sub",
          role_title: "End Client",
          impersonation_access_limit: granted.impersonationAccessLimit!.toISOString(),
        },
      ],
      meta: { total: 1 },
    });
    const none = await agent.get("/api/users/impersonable?q=nobody-like-this");
    expect(none.json<{ meta: { total: number } }>().meta.total).toBe(0);
  });
});
