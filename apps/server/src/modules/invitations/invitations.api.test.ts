import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasPermission, type Permission } from "@netfleet/contracts/permissions";
import { FIXED_ROLES, type FixedRoleName } from "@netfleet/contracts/roles";
import { invitationSchema, type Invitation } from "@netfleet/contracts/schemas/invitations";
import { invitations } from "../../db/schema";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { lastMail, linkToken } from "../../test/outbox";
import { expectMatchesReference } from "../../test/reference-api";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let sub: TestCompany;
let other: TestCompany;
let rootAdmin: TestAgent;
let rootAdminEmail: string;

type One = { data: Invitation; message?: string };
type ListBody = { data: Invitation[]; meta: { total: number } };
type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };
const firstError = (res: { json: <T>() => T }) => res.json<ErrorBody>().errors[0];

let seq = 0;
const address = (name = "guest") => `${name}-${++seq}@invite.example`;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Invite Root" });
  sub = await f.company({ name: "Invite Sub", parent: root });
  other = await f.company({ name: "Invite Other" });
  const admin = await signedInAgent(t, { company: root, role: "admin" });
  rootAdmin = admin.agent;
  rootAdminEmail = admin.user.email;
});
afterAll(() => t.close());

async function invite(agent: TestAgent, body: Record<string, unknown>) {
  return agent.post("/api/users/invite", { email: address(), role: "end_user", ...body });
}

const preview = (token: string) =>
  new TestAgent(t.app).get(`/account/invitations/${encodeURIComponent(token)}`);

const tokenMailedTo = async (email: string) =>
  linkToken((await lastMail(t.database.db, email, "invitation"))?.text);

const ROLES: FixedRoleName[] = ["super_admin", "admin", "end_user", "readonly_admin", "read_only"];
const POSITIONS = ["own", "subsidiary", "unrelated"] as const;
const companyAt = (position: (typeof POSITIONS)[number]) =>
  ({ own: root, subsidiary: sub, unrelated: other })[position];

function expected(role: FixedRoleName, permission: Permission, position: string, ok: number) {
  if (!hasPermission(FIXED_ROLES[role].permissions, permission)) return 403;
  return position === "unrelated" && !FIXED_ROLES[role].globalScope ? 404 : ok;
}

describe("each fixed role, for its own company, a subsidiary and an unrelated one", () => {
  const agents = new Map<FixedRoleName, TestAgent>();
  beforeAll(async () => {
    for (const role of ROLES)
      agents.set(role, (await signedInAgent(t, { company: root, role })).agent);
  });

  it("invites with create_user_invitations", async () => {
    for (const role of ROLES) {
      for (const position of POSITIONS) {
        const res = await invite(agents.get(role)!, { company_id: companyAt(position).id });
        const label = `${role} ${position} ${res.body}`;
        expect(res.statusCode, label).toBe(
          expected(role, "create_user_invitations", position, 201),
        );
        if (res.statusCode === 201)
          expectMatchesReference("POST", "/api/users/invite", 201, res.json());
      }
    }
  });

  it("lists, resends and revokes with the matching permissions", async () => {
    for (const role of ROLES) {
      for (const position of POSITIONS) {
        const made = await invite(agents.get("super_admin")!, {
          company_id: companyAt(position).id,
        });
        const id = made.json<One>().data.id;
        const agent = agents.get(role)!;
        const label = `${role} ${position}`;
        expect((await agent.get(`/api/users/invitations/${id}`)).statusCode, label).toBe(
          expected(role, "view_user_invitations", position, 200),
        );
        const listed = await agent.get(`/api/users/invitations?limit=100`);
        if (listed.statusCode === 200) {
          const ids = listed.json<ListBody>().data.map((i) => i.id);
          expect(ids.includes(id), label).toBe(
            expected(role, "view_user_invitations", position, 200) === 200,
          );
        } else {
          expect(listed.statusCode, label).toBe(403);
        }
        expect((await agent.post(`/api/users/invitations/${id}/resend`)).statusCode, label).toBe(
          expected(role, "create_user_invitations", position, 200),
        );
        expect((await agent.delete(`/api/users/invitations/${id}`)).statusCode, label).toBe(
          expected(role, "create_user_invitations", position, 200),
        );
      }
    }
  });
});

describe("POST /api/users/invite", () => {
  it("FM-CALL-024 mails a registration link; accepting creates the user there and notifies the inviter", async () => {
    const email = address("Ann.Invited");
    const res = await rootAdmin.post("/api/users/invite", {
      email,
      company_id: sub.id,
      role: "read_only",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<One>();
    expect(body.message).toBe("Invitation sent successfully");
    expect(invitationSchema.parse(body.data)).toEqual({
      id: expect.any(Number),
      email: email.toLowerCase(),
      role_id: FIXED_ROLES.read_only.id,
      role: "read_only",
      role_title: "Guest",
      company_id: sub.id,
      company_name: "Invite Sub",
      status: "pending",
      invited_by_id: expect.any(Number),
      invited_by_email: rootAdminEmail,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      accepted_at: null,
      revoked_at: null,
    });
    const days = (Date.parse(`${body.data.expires_at}Z`) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await lastMail(t.database.db, email.toLowerCase(), "invitation");
    expect(mail?.subject).toBe("You are invited to Invite Sub on Netfleet");
    expect(mail?.text).toContain(`${rootAdminEmail} invited you to join Invite Sub`);
    expect(mail?.text).toContain("http://localhost:8080/account/register?token=");
    const token = linkToken(mail?.text);

    const newcomer = new TestAgent(t.app);
    const registered = await newcomer.post("/account/register", {
      token,
      password: "a good password",
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const me = (await newcomer.get("/api/user")).json<{
      company: { id: number };
      role: { name: string };
    }>();
    expect(me).toMatchObject({ company: { id: sub.id }, role: { name: "read_only" } });

    const notes = (await rootAdmin.get("/api/notifications")).json<{
      data: { type: string; summary: string }[];
    }>();
    expect(notes.data).toContainEqual(
      expect.objectContaining({
        type: "invitedUserRegistration",
        summary: `${email.toLowerCase()} accepted your invitation and joined Invite Sub`,
      }),
    );
    const after = await rootAdmin.get(`/api/users/invitations/${body.data.id}`);
    expect(after.json<One>().data).toMatchObject({
      status: "accepted",
      accepted_at: expect.any(String),
    });
  });

  it("offers only roles the inviter may grant, in the inviter's tree", async () => {
    for (const role of ["super_admin", "support", FIXED_ROLES.super_admin.id, "nobody"]) {
      const res = await invite(rootAdmin, { company_id: sub.id, role });
      expect(res.statusCode, String(role)).toBe(422);
      expect(firstError(res)?.source).toBe("role");
    }
    const byId = await invite(rootAdmin, { company_id: sub.id, role: FIXED_ROLES.admin.id });
    expect(byId.json<One>().data.role).toBe("admin");
    const outside = await invite(rootAdmin, { company_id: other.id });
    expect(outside.statusCode).toBe(404);
    expect(firstError(outside)?.source).toBe("company_id");
  });

  it("refuses an address that already has an account, wherever it is", async () => {
    const existing = await f.user({ company: other, email: address("taken") });
    const res = await invite(rootAdmin, {
      company_id: sub.id,
      email: existing.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)).toEqual({
      code: "VALIDATION_FAILED",
      source: "email",
      message: "A user with this e-mail address already exists.",
    });
  });

  it("FM-ENTITY-040 requires e-mail, company and role", async () => {
    const res = await rootAdmin.post("/api/users/invite", { email: "not-an-address" });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json<ErrorBody>()
        .errors.map((e) => e.source)
        .sort(),
    ).toEqual(["company_id", "email", "role"]);
  });
});

describe("resend, revoke and expiry", () => {
  it("resends with a new link: the old one stops working, the new one works for 7 days", async () => {
    const email = address();
    const { data } = (await invite(rootAdmin, { company_id: sub.id, email })).json<One>();
    const oldToken = await tokenMailedTo(email);
    const res = await rootAdmin.post(`/api/users/invitations/${data.id}/resend`);
    expect(res.json<One>()).toMatchObject({
      message: "Invitation sent successfully",
      data: { status: "pending" },
    });
    const newToken = await tokenMailedTo(email);
    expect(newToken).not.toBe(oldToken);
    expect((await preview(oldToken)).statusCode).toBe(422);
    expect((await preview(newToken)).statusCode).toBe(200);
  });

  it("lets an invitation expire after its days, and renews an expired one on resend", async () => {
    const email = address();
    const { data } = (await invite(rootAdmin, { company_id: sub.id, email })).json<One>();
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, data.id));
    const token = await tokenMailedTo(email);
    expect(firstError(await preview(token))?.code).toBe("INVALID_TOKEN");
    const expired = await rootAdmin.get(`/api/users/invitations/${data.id}`);
    expect(expired.json<One>().data.status).toBe("expired");
    await rootAdmin.post(`/api/users/invitations/${data.id}/resend`);
    expect((await preview(await tokenMailedTo(email))).statusCode).toBe(200);
  });

  it("revokes: the link stops working and the invitation stays listed as revoked", async () => {
    const email = address();
    const { data } = (await invite(rootAdmin, { company_id: sub.id, email })).json<One>();
    const res = await rootAdmin.delete(`/api/users/invitations/${data.id}`);
    expectMatchesReference("DELETE", `/api/users/invitations/${data.id}`, 200, res.json());
    expect(res.json()).toEqual({ success: true, message: "Invitation revoked successfully" });
    const token = await tokenMailedTo(email);
    expect((await preview(token)).statusCode).toBe(422);
    const registered = await new TestAgent(t.app).post("/account/register", {
      token,
      password: "a good password",
    });
    expect(registered.statusCode).toBe(422);
    const listed = async (query: string) =>
      (await rootAdmin.get(`/api/users/invitations?q=${email}${query}`)).json<ListBody>().data;
    expect(await listed("")).toEqual([]);
    expect(await listed("&status=revoked")).toEqual([
      expect.objectContaining({ id: data.id, status: "revoked" }),
    ]);
    expect((await rootAdmin.delete(`/api/users/invitations/${data.id}`)).statusCode).toBe(422);
    expect((await rootAdmin.post(`/api/users/invitations/${data.id}/resend`)).statusCode).toBe(422);
  });
});

describe("GET /api/users/invitations", () => {
  let subAdmin: TestAgent;
  beforeAll(async () => {
    subAdmin = (await signedInAgent(t, { company: sub, role: "admin" })).agent;
  });

  it("lists the invitations of the caller's tree, pages and sorts them", async () => {
    const fresh = await f.company({ name: "Invite Fresh", parent: sub });
    for (const name of ["b", "a", "c"]) {
      await invite(subAdmin, { company_id: fresh.id, email: `${name}@fresh.example` });
    }
    const res = await subAdmin.get(
      `/api/users/invitations?company_id=${fresh.id}&sort=email&limit=2&offset=1`,
    );
    expectMatchesReference("GET", "/api/users/invitations", 200, res.json());
    const body = res.json<ListBody>();
    expect(body.data.map((i) => i.email)).toEqual(["b@fresh.example", "c@fresh.example"]);
    expect(body.meta.total).toBe(3);
    const narrowed = await subAdmin.get(
      `/api/users/invitations?company_id=${fresh.id}&fields=email&sort=-email&limit=1`,
    );
    expect(narrowed.json<ListBody>().data).toEqual([
      { id: expect.any(Number), email: "c@fresh.example" },
    ]);
    const all = (await subAdmin.get("/api/users/invitations?limit=100")).json<ListBody>();
    expect(all.data.every((i) => i.company_name !== "Invite Root")).toBe(true);
    const outside = await subAdmin.get(`/api/users/invitations?company_id=${root.id}`);
    expect(outside.statusCode).toBe(404);
  });

  it("filters by status and role, refusing an unknown status", async () => {
    const fresh = await f.company({ name: "Invite Status", parent: root });
    const pending = (await invite(rootAdmin, { company_id: fresh.id })).json<One>().data;
    const revoked = (
      await invite(rootAdmin, { company_id: fresh.id, role: "read_only" })
    ).json<One>().data;
    await rootAdmin.delete(`/api/users/invitations/${revoked.id}`);
    const ids = async (query: string) =>
      (await rootAdmin.get(`/api/users/invitations?company_id=${fresh.id}&${query}`))
        .json<ListBody>()
        .data.map((i) => i.id);
    expect(await ids("")).toEqual([pending.id]);
    expect(await ids("status=pending")).toEqual([pending.id]);
    expect(await ids("status=revoked,expired")).toEqual([revoked.id]);
    expect(await ids("status=pending,revoked&role=read_only")).toEqual([revoked.id]);
    expect(await ids(`status=pending,revoked&role=${FIXED_ROLES.end_user.id}`)).toEqual([
      pending.id,
    ]);
    const refused = await rootAdmin.get("/api/users/invitations?status=lost");
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused)?.source).toBe("status");
  });
});
