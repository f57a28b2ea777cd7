import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Notification } from "@netfleet/contracts/schemas/notifications";
import { notifications, rolePermissions, roles, users } from "../../db/schema";
import { signedInAgent, signedInAs, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { createInvitation } from "../accounts/accounts.service";
import { notifyUsers } from "./notifications.service";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let branch: TestCompany;
let other: TestCompany;

type ListBody = { data: Notification[]; meta: { total: number; unseen: number } };
type ErrorBody = { success: false; errors: { code: string; source: string | null }[] };

async function list(agent: TestAgent, query = "") {
  const res = await agent.get(`/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}

const stored = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Root Networks" });
  branch = await f.company({ name: "Branch", parent: root });
  other = await f.company({ name: "Other Networks" });
});
afterAll(() => t.close());

describe("GET /api/notifications", () => {
  it("SH-HTTP-024 SH-NOTIF-001 answers the caller's own notifications as data, newest first", async () => {
    const user = await f.user({ company: root, role: "end_user" });
    const stranger = await f.user({ company: root, role: "end_user" });
    await notifyUsers(t.app.ctx, [user.id], { type: "deviceAlert", summary: "first" });
    await notifyUsers(t.app.ctx, [stranger.id], { type: "deviceAlert", summary: "not yours" });
    await notifyUsers(t.app.ctx, [user.id], { type: "creditAmountTooLow", summary: "second" });

    const body = await list(await signedInAs(t, user));
    expect(body.data.map((n) => n.summary)).toEqual(["second", "first"]);
    expect(body.meta).toEqual({ total: 2, unseen: 2 });
    const [newest] = body.data;
    expect(Object.keys(newest!).sort()).toEqual(["created_at", "id", "seen_at", "summary", "type"]);
    expect(newest).toMatchObject({ type: "creditAmountTooLow", seen_at: null });
    expect(new Date(newest!.created_at).toISOString()).toBe(newest!.created_at);
  });

  it("SH-NOTIF-006 pages and filters by seen; unseen counts every unseen one", async () => {
    const user = await f.user({ company: root, role: "read_only" });
    for (let i = 1; i <= 5; i++)
      await notifyUsers(t.app.ctx, [user.id], { type: "deviceAlert", summary: `n${i}` });
    const agent = await signedInAs(t, user);
    const all = await list(agent);
    const seenIds = all.data.filter((n) => ["n2", "n4"].includes(n.summary)).map((n) => n.id);
    expect((await agent.put("/api/notifications", { id: seenIds })).statusCode).toBe(200);

    const page = await list(agent, "?limit=2&offset=1");
    expect(page.data.map((n) => n.summary)).toEqual(["n4", "n3"]);
    expect(page.meta).toEqual({ total: 5, unseen: 3 });

    const unseen = await list(agent, "?seen=unseen");
    expect(unseen.data.map((n) => n.summary)).toEqual(["n5", "n3", "n1"]);
    expect(unseen.data.every((n) => n.seen_at === null)).toBe(true);
    expect(unseen.meta).toEqual({ total: 3, unseen: 3 });

    const seen = await list(agent, "?seen=seen");
    expect(seen.data.map((n) => n.summary)).toEqual(["n4", "n2"]);
    expect(seen.data.every((n) => n.seen_at !== null)).toBe(true);
    expect(seen.meta).toEqual({ total: 2, unseen: 3 });
  });

  it("refuses a bad filter or limit with 422 naming the parameter", async () => {
    const agent = (await signedInAgent(t, { company: root })).agent;
    for (const [query, source] of [
      ["?seen=maybe", "seen"],
      ["?limit=101", "limit"],
    ] as const) {
      const res = await agent.get(`/api/notifications${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json<ErrorBody>().errors[0]?.source).toBe(source);
    }
  });
});

describe("PUT /api/notifications", () => {
  it("SH-HTTP-025 SH-NOTIF-007 marks the caller's listed unseen ones as seen, never another user's", async () => {
    const user = await f.user({ company: root, role: "end_user" });
    const stranger = await f.user({ company: root, role: "end_user" });
    const mine: Notification[] = [];
    for (const summary of ["a", "b", "c"])
      mine.push(...(await notifyUsers(t.app.ctx, [user.id], { type: "deviceAlert", summary })));
    const [mine1, mine2, mine3] = mine;
    const [theirs] = await notifyUsers(t.app.ctx, [stranger.id], {
      type: "deviceAlert",
      summary: "theirs",
    });
    const agent = await signedInAs(t, user);

    const res = await agent.put("/api/notifications", { id: [mine1!.id, mine2!.id, theirs!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { updated: number } }>().data).toEqual({ updated: 2 });

    const rows = await stored(user.id);
    expect(rows.filter((n) => n.seenAt !== null).map((n) => n.id)).toEqual(
      expect.arrayContaining([mine1!.id, mine2!.id]),
    );
    expect(rows.find((n) => n.id === mine3!.id)?.seenAt).toBeNull();
    expect((await stored(stranger.id))[0]?.seenAt).toBeNull();

    // Seen ones stay as they were: a second call changes nothing.
    const firstSeenAt = rows.find((n) => n.id === mine1!.id)?.seenAt;
    const again = await agent.put("/api/notifications", { id: [mine1!.id] });
    expect(again.json<{ data: { updated: number } }>().data).toEqual({ updated: 0 });
    expect((await stored(user.id)).find((n) => n.id === mine1!.id)?.seenAt).toEqual(firstSeenAt);
  });

  it("SH-NOTIF-008 the reloaded list shows them seen and the unseen count drops", async () => {
    const user = await f.user({ company: root, role: "end_user" });
    await notifyUsers(t.app.ctx, [user.id], { type: "deviceAlert", summary: "x" });
    await notifyUsers(t.app.ctx, [user.id], { type: "deviceAlert", summary: "y" });
    const agent = await signedInAs(t, user);
    const before = await list(agent, "?seen=unseen");
    await agent.put("/api/notifications", { id: before.data.map((n) => n.id) });
    const after = await list(agent);
    expect(after.meta.unseen).toBe(0);
    expect(after.data.every((n) => n.seen_at !== null)).toBe(true);
  });

  it("refuses a body without ids in the error envelope", async () => {
    const agent = (await signedInAgent(t, { company: root })).agent;
    for (const body of [{}, { id: [] }, { id: ["1"] }]) {
      const res = await agent.put("/api/notifications", body);
      expect(res.statusCode).toBe(422);
      const parsed = res.json<ErrorBody>();
      expect(parsed.success).toBe(false);
      expect(parsed.errors[0]?.source).toMatch(/^id/);
    }
  });
});

describe("POST /api/notifications", () => {
  /**
   * A company's own role holding super_admin without the global scope: it may notify only
   * within its own company tree.
   */
  async function treeBoundSender(company: TestCompany) {
    const [role] = await t.database.db
      .insert(roles)
      .values({ name: `notifier-${company.id}`, title: "Notifier", companyId: company.id })
      .returning();
    await t.database.db
      .insert(rolePermissions)
      .values({ roleId: role!.id, permission: "super_admin" });
    const user = await f.user({ company });
    await t.database.db.update(users).set({ roleId: role!.id }).where(eq(users.id, user.id));
    return signedInAs(t, user);
  }

  it("notifies one user, who finds it in the list", async () => {
    const target = await f.user({ company: branch, role: "end_user" });
    const res = await (
      await signedInAgent(t, { company: root, role: "super_admin" })
    ).agent.post("/api/notifications", {
      type: "deviceAlert",
      summary: "  Router RUT-1 went offline  ",
      user_id: target.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { notified: number } }>().data).toEqual({ notified: 1 });
    const body = await list(await signedInAs(t, target));
    expect(body.data).toEqual([
      expect.objectContaining({ summary: "Router RUT-1 went offline", type: "deviceAlert" }),
    ]);
  });

  it("notifies every user of a company, and not those of its subsidiaries", async () => {
    const company = await f.company({ name: "Fan-out", parent: root });
    const sub = await f.company({ name: "Fan-out child", parent: company });
    const members = [await f.user({ company }), await f.user({ company, role: "end_user" })];
    const child = await f.user({ company: sub });
    const res = await (
      await signedInAgent(t, { company: root, role: "super_admin" })
    ).agent.post("/api/notifications", {
      type: "creditCodeActivation",
      summary: "Codes were activated",
      company_id: company.id,
    });
    expect(res.json<{ data: { notified: number } }>().data).toEqual({ notified: 2 });
    for (const member of members) {
      expect((await stored(member.id)).map((n) => n.summary)).toEqual(["Codes were activated"]);
    }
    expect(await stored(child.id)).toEqual([]);
  });

  it("answers 404 for a user or company outside the caller's company tree", async () => {
    const sender = await treeBoundSender(branch);
    const outsider = await f.user({ company: other });
    const parentUser = await f.user({ company: root });
    for (const body of [
      { user_id: outsider.id },
      { user_id: parentUser.id },
      { company_id: other.id },
      { company_id: 999_999 },
    ]) {
      const res = await sender.post("/api/notifications", {
        type: "deviceAlert",
        summary: "hello",
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json<ErrorBody>().errors[0]?.code).toBe("NOT_FOUND");
    }
    expect(await stored(outsider.id)).toEqual([]);
    expect(await stored(parentUser.id)).toEqual([]);

    const inside = await f.user({ company: branch });
    const ok = await sender.post("/api/notifications", {
      type: "deviceAlert",
      summary: "hello",
      user_id: inside.id,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("refuses invalid bodies with 422 in the envelope, naming the field", async () => {
    const agent = (await signedInAgent(t, { company: root, role: "super_admin" })).agent;
    const cases: [object, string][] = [
      [{ type: "deviceAlert", summary: "x" }, "user_id"],
      [{ type: "deviceAlert", summary: "x", user_id: 1, company_id: 1 }, "user_id"],
      [{ type: "deviceAlert", summary: "   ", user_id: 1 }, "summary"],
      [{ type: "birthday", summary: "x", user_id: 1 }, "type"],
      [{ type: "deviceAlert", summary: "x".repeat(501), user_id: 1 }, "summary"],
    ];
    for (const [body, source] of cases) {
      const res = await agent.post("/api/notifications", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const parsed = res.json<ErrorBody>();
      expect(parsed.success).toBe(false);
      expect(parsed.errors.map((e) => e.source)).toContain(source);
    }
  });

  it("is refused to anyone without super_admin", async () => {
    const agent = (await signedInAgent(t, { company: root, role: "admin" })).agent;
    const target = await f.user({ company: root });
    const res = await agent.post("/api/notifications", {
      type: "deviceAlert",
      summary: "x",
      user_id: target.id,
    });
    expect(res.statusCode).toBe(403);
    expect(await stored(target.id)).toEqual([]);
  });
});

describe("invitation acceptance", () => {
  it("notifies the inviter that the invited user registered", async () => {
    const inviter = await f.user({ company: root, role: "admin" });
    const { token } = await createInvitation(t.app.ctx, t.database.db, {
      email: "joiner@example.com",
      companyId: branch.id,
      companyName: branch.name,
      roleId: 3,
      invitedBy: { id: inviter.id, email: inviter.email },
    });
    const res = await new TestAgent(t.app).post("/account/register", {
      token,
      password: "a good password",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = await list(await signedInAs(t, inviter));
    expect(body.data).toEqual([
      expect.objectContaining({
        type: "invitedUserRegistration",
        summary: "joiner@example.com accepted your invitation and joined Branch",
        seen_at: null,
      }),
    ]);
  });
});
