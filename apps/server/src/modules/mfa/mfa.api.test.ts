import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MFA_LIMITS } from "@netfleet/contracts/schemas/mfa";
import { companies, users } from "../../db/schema";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { COOKIES } from "../accounts/sessions.service";
import {
  agePasswordConfirmation,
  firstError,
  lastMailedCode,
  mfaRequired,
  sessionFields,
  setUserMfa,
} from "./mfa-test-kit";

let t: TestApp;
let f: ReturnType<typeof factories>;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp({ SIGNIN_RATE_LIMIT_IP: "1000" });
  f = factories(t.database.db);
  company = await f.company();
});
afterAll(() => t.close());

async function mfaTypeOf(userId: number) {
  const [row] = await t.database.db
    .select({ mfaType: users.mfaType })
    .from(users)
    .where(eq(users.id, userId));
  return row?.mfaType;
}

describe("enrolment", () => {
  it("shows no second factor for a new account", async () => {
    const { agent } = await signedInAgent(t, { company });
    const res = await agent.get("/api/mfa");
    expect(res.json()).toEqual({
      success: true,
      data: { mfa_type: null, mandatory: false, recovery_codes_left: 0 },
    });
  });

  it("enrols TOTP with a secret, an otpauth URL and an SVG QR code", async () => {
    const { user, agent } = await signedInAgent(t, { company });
    const res = await agent.post("/api/mfa", { type: "totp" });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Record<string, string | null> }>().data;
    expect(data.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(data.otpauth_url).toContain("otpauth://totp/");
    expect(data.otpauth_url).toContain(encodeURIComponent(user.email));
    expect(data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.email).toBeNull();
    expect(await mfaTypeOf(user.id)).toBeNull();
  });

  it("enrols e-mail with the code sent; a wrong code is refused on the code field", async () => {
    const { user, agent } = await signedInAgent(t, { company });
    const started = await agent.post("/api/mfa", { type: "email" });
    expect(started.json<{ data: { email: string } }>().data.email).toBe(user.email);
    const code = await lastMailedCode(t.database.db, user.email);
    const bad = await agent.put("/api/mfa", { code: code === "000000" ? "111111" : "000000" });
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad)).toEqual({
      code: "CONFIRMATION_FAILED",
      message: "The authentication code is not valid.",
      source: "code",
    });
    const res = await agent.put("/api/mfa", { code });
    expect(res.json()).toEqual({
      success: true,
      data: { mfa_type: "email", recovery_codes: [] },
      message: "Two-factor authentication is on",
    });
    expect(await mfaTypeOf(user.id)).toBe("email");
  });

  it("checks concurrent codes for an enrolment one by one, up to its limit", async () => {
    const { user, agent } = await signedInAgent(t, { company });
    await agent.post("/api/mfa", { type: "email" });
    const code = await lastMailedCode(t.database.db, user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => agent.put("/api/mfa", { code: wrong })),
    );
    const notValid = answers.filter(
      (res) => firstError(res)?.message === "The authentication code is not valid.",
    );
    expect(notValid).toHaveLength(MFA_LIMITS.maxAttempts);
    // The attempts are spent: even the right code no longer turns the factor on.
    expect(firstError(await agent.put("/api/mfa", { code }))?.message).toBe(
      "The authentication code has expired. Request a new one.",
    );
    expect(await mfaTypeOf(user.id)).toBeNull();
  });

  it("asks for the current factor before a new one is enrolled", async () => {
    const { user, agent } = await signedInAgent(t, { company });
    await setUserMfa(t.database.db, user.id, "email");
    const meta = mfaRequired(await agent.post("/api/mfa", { type: "totp" }));
    const code = await lastMailedCode(t.database.db, user.email);
    const res = await agent.post("/api/mfa", { type: "totp", ...sessionFields(meta, code) });
    expect(res.statusCode).toBe(200);
  });
});

describe("password confirmation (423)", () => {
  it("FM-423-003 FM-423-004 answers 423, confirms the password, then the request succeeds", async () => {
    const { user, agent } = await signedInAgent(t, { company });
    await agePasswordConfirmation(t.database.db, user.id);
    const locked = await agent.post("/api/mfa", { type: "totp" });
    expect(locked.statusCode).toBe(423);
    expect(firstError(locked)).toEqual({
      code: "PASSWORD_CONFIRMATION_REQUIRED",
      message: "Confirm your password to continue.",
      source: null,
    });
    const wrong = await agent.post("/api/password-confirmation", { password: "not it" });
    expect(wrong.statusCode).toBe(422);
    expect(firstError(wrong)).toEqual({
      code: "VALIDATION_FAILED",
      message: "The password is incorrect.",
      source: "password",
    });
    const confirmed = await agent.post("/api/password-confirmation", { password: user.password });
    expect(confirmed.json()).toEqual({ success: true, message: "Password confirmed" });
    expect((await agent.post("/api/mfa", { type: "totp" })).statusCode).toBe(200);
  });

  it("limits password confirmations to 10 a minute per user", async () => {
    const { agent } = await signedInAgent(t, { company });
    for (let i = 0; i < 10; i++) await agent.post("/api/password-confirmation", { password: "x" });
    const res = await agent.post("/api/password-confirmation", { password: "x" });
    expect(res.statusCode).toBe(429);
  });
});

describe("password change and turning the factor off", () => {
  it("FM-MFA-006 changes the password when re-sent with the session fields; other sessions end", async () => {
    const { user, agent } = await signedInAgent(t, { company });
    const other = new TestAgent(t.app);
    await other.signIn(user.email, user.password);
    await setUserMfa(t.database.db, user.id, "email");
    const body = {
      current_password: user.password,
      password: "a brand new passphrase",
      password_confirmation: "a brand new passphrase",
    };
    const meta = mfaRequired(await agent.put("/api/user/password", body));
    const code = await lastMailedCode(t.database.db, user.email);
    const res = await agent.put("/api/user/password", { ...body, ...sessionFields(meta, code) });
    expect(res.json()).toEqual({ success: true, message: "Password changed successfully" });
    expect((await agent.get("/api/user")).statusCode).toBe(200);
    expect((await other.post("/account/token/refresh")).statusCode).toBe(401);
  });

  it("refuses a wrong current password on its field", async () => {
    const { agent } = await signedInAgent(t, { company });
    const res = await agent.put("/api/user/password", {
      current_password: "not the password",
      password: "a brand new passphrase",
      password_confirmation: "a brand new passphrase",
    });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.source).toBe("current_password");
  });

  it("FM-MFA-006 turns the factor off when DELETE /api/mfa is re-sent with the session fields", async () => {
    const { user, agent } = await signedInAgent(t, { company });
    await setUserMfa(t.database.db, user.id, "email");
    const meta = mfaRequired(await agent.delete("/api/mfa"));
    const code = await lastMailedCode(t.database.db, user.email);
    const query = new URLSearchParams(sessionFields(meta, code)).toString();
    const res = await agent.delete(`/api/mfa?${query}`);
    expect(res.statusCode).toBe(200);
    expect(await mfaTypeOf(user.id)).toBeNull();
  });
});

describe("mandatory second factor", () => {
  it("signs in with MFA_MANDATORY, blocks /api/user, serves /api/mfa and refuses turning it off", async () => {
    const strict = await f.company({ parent: company });
    await t.database.db
      .update(companies)
      .set({ mfaMandatory: true })
      .where(eq(companies.id, strict.id));
    const user = await f.user({ company: strict });
    const agent = new TestAgent(t.app);
    const res = await agent.post("/account/sign-in", {
      email: user.email,
      password: user.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      errors: [
        {
          code: "MFA_MANDATORY",
          message: "Your company requires two-factor authentication. Set it up to continue.",
          source: null,
        },
      ],
      meta: { location: "/management/devices" },
    });
    expect(agent.cookies.has(COOKIES.access)).toBe(true);
    const me = await agent.get("/api/user");
    expect(me.statusCode).toBe(403);
    expect(firstError(me)?.code).toBe("MFA_MANDATORY");
    expect((await agent.get("/api/devices")).statusCode).toBe(403);

    const status = await agent.get("/api/mfa");
    expect(status.json<{ data: { mandatory: boolean } }>().data.mandatory).toBe(true);
    await agent.post("/api/mfa", { type: "email" });
    const code = await lastMailedCode(t.database.db, user.email);
    expect((await agent.put("/api/mfa", { code })).statusCode).toBe(200);
    expect((await agent.get("/api/user")).statusCode).toBe(200);

    const meta = mfaRequired(await agent.delete("/api/mfa"));
    const offCode = await lastMailedCode(t.database.db, user.email);
    const off = await agent.delete(`/api/mfa?${new URLSearchParams(sessionFields(meta, offCode))}`);
    expect(off.statusCode).toBe(422);
    expect(firstError(off)?.message).toBe("Your company requires two-factor authentication.");
    expect(await mfaTypeOf(user.id)).toBe("email");
  });

  it("lets an account with an unconfirmed address confirm it first", async () => {
    const strict = await f.company({ parent: company });
    await t.database.db
      .update(companies)
      .set({ mfaMandatory: true })
      .where(eq(companies.id, strict.id));
    const user = await f.user({ company: strict, verified: false });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    expect(firstError(await agent.get("/api/user"))?.code).toBe("EMAIL_NOT_VERIFIED");
    expect((await agent.post("/account/user/activation/resend")).statusCode).toBe(200);
  });
});

describe("administration", () => {
  it("lets a super admin remove a user's factor, after password confirmation", async () => {
    const { user, agent } = await signedInAgent(t, { company, role: "super_admin" });
    const target = await f.user({ company });
    await setUserMfa(t.database.db, target.id, "email");
    await agePasswordConfirmation(t.database.db, user.id);
    const locked = await agent.request("DELETE", "/api/admin/users/mfa", { email: target.email });
    expect(locked.statusCode).toBe(423);
    expect(await mfaTypeOf(target.id)).toBe("email");
    await agent.post("/api/password-confirmation", { password: user.password });
    const res = await agent.request("DELETE", "/api/admin/users/mfa", { email: target.email });
    expect(res.json()).toEqual({ success: true, message: "Two-factor authentication removed" });
    expect(await mfaTypeOf(target.id)).toBeNull();
    const unknown = await agent.request("DELETE", "/api/admin/users/mfa", {
      email: "nobody@example.com",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses an admin the removal of a user's factor", async () => {
    const { agent } = await signedInAgent(t, { company, role: "admin" });
    const target = await f.user({ company });
    await setUserMfa(t.database.db, target.id, "email");
    const res = await agent.request("DELETE", "/api/admin/users/mfa", { email: target.email });
    expect(res.statusCode).toBe(403);
    expect(await mfaTypeOf(target.id)).toBe("email");
  });

  it("makes the factor mandatory for a company of the tree; 404 outside it", async () => {
    const child = await f.company({ parent: company });
    const { agent } = await signedInAgent(t, { company, role: "admin" });
    const res = await agent.put(`/api/companies/${child.id}/mfa`, { mandatory: true });
    expect(res.json()).toEqual({ success: true, message: "Company updated successfully" });
    const [row] = await t.database.db
      .select({ mandatory: companies.mfaMandatory })
      .from(companies)
      .where(eq(companies.id, child.id));
    expect(row?.mandatory).toBe(true);
    const stranger = await f.company();
    const outside = await agent.put(`/api/companies/${stranger.id}/mfa`, { mandatory: true });
    expect(outside.statusCode).toBe(404);
  });
});
