import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIRE } from "@netfleet/contracts/constants";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { awaitMail, lastMail, linkToken } from "../../test/outbox";
import { createInvitation } from "./accounts.service";
import { COOKIES } from "./sessions.service";

let t: TestApp;
let f: ReturnType<typeof factories>;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp({
    ACCESS_TOKEN_TTL: "5",
    SIGNIN_RATE_LIMIT_ACCOUNT: "3",
    SIGNIN_RATE_LIMIT_IP: "1000",
  });
  f = factories(t.database.db);
  company = await f.company({ name: "Acme Networks" });
});
afterAll(() => t.close());

describe("POST /account/sign-in", () => {
  it("signs in, sets httpOnly session cookies and lands on the devices page", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    const res = await agent.signIn(user.email.toUpperCase(), user.password);
    expect(res.json()).toEqual({ success: true, data: { location: "/management/devices" } });
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cookies[COOKIES.access]?.httpOnly).toBe(true);
    expect(cookies[COOKIES.refresh]?.httpOnly).toBe(true);
    expect(cookies[COOKIES.refresh]?.path).toBe("/account/token");
    expect(cookies[COOKIES.signedIn]?.httpOnly).toBeFalsy();
    expect(cookies[COOKIES.access]?.sameSite).toBe("Lax");
    const me = await agent.get("/api/user");
    expect(me.statusCode).toBe(200);
    expect(me.json<{ email: string }>().email).toBe(user.email);
  });

  it("rejects a wrong password with a message and no session", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    const res = await agent.post("/account/sign-in", {
      email: user.email,
      password: "wrong password",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      errors: [
        {
          code: "INVALID_CREDENTIALS",
          message: "The e-mail or password is incorrect.",
          source: null,
        },
      ],
    });
    expect(agent.cookies.has(COOKIES.access)).toBe(false);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const res = await new TestAgent(t.app).post("/account/sign-in", {
      email: "nobody@example.com",
      password: "whatever1",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe("INVALID_CREDENTIALS");
  });

  it("validates the body with the field as source", async () => {
    const res = await new TestAgent(t.app).post("/account/sign-in", {
      email: "not-an-email",
      password: "",
    });
    expect(res.statusCode).toBe(422);
    const sources = res.json<{ errors: { source: string }[] }>().errors.map((e) => e.source);
    expect(sources).toEqual(expect.arrayContaining(["email", "password"]));
  });

  it("SH-GUARD-007 SH-GUARD-008 follows continue_url only when its host is this server's host", async () => {
    const user = await f.user({ company });
    const same = await new TestAgent(t.app).post(
      "/account/sign-in",
      {
        email: user.email,
        password: user.password,
        continue_url: "http://localhost:80/users?tab=1",
      },
      { host: "localhost:80" },
    );
    expect(same.json<{ data: { location: string } }>().data.location).toBe("/users?tab=1");
    const foreign = await new TestAgent(t.app).post(
      "/account/sign-in",
      { email: user.email, password: user.password, continue_url: "https://evil.example/steal" },
      { host: "localhost:80" },
    );
    expect(foreign.json<{ data: { location: string } }>().data.location).toBe(
      "/management/devices",
    );
    const protocolRelative = await new TestAgent(t.app).post(
      "/account/sign-in",
      { email: user.email, password: user.password, continue_url: "//evil.example/x" },
      { host: "localhost:80" },
    );
    expect(protocolRelative.json<{ data: { location: string } }>().data.location).toBe(
      "/management/devices",
    );
  });

  it("never answers a location a browser would read as another host", async () => {
    const user = await f.user({ company });
    const tricks = [
      "http://localhost:80//evil.example/x",
      "http://localhost:80/\\evil.example/x",
      "/\\evil.example/x",
      "\\\\evil.example/x",
      "HTTP://evil.example/x",
      "HtTpS://localhost:80//evil.example/x",
      "//evil.example/x",
      "/%2F/evil.example/x",
    ];
    for (const continue_url of tricks) {
      const res = await new TestAgent(t.app).post(
        "/account/sign-in",
        { email: user.email, password: user.password, continue_url },
        { host: "localhost:80" },
      );
      const location = res.json<{ data: { location: string } }>().data.location;
      expect(location, continue_url).toMatch(/^\/(?![/\\])/);
      const revoke = await new TestAgent(t.app).post(
        "/account/token/revoke",
        { redirect_uri: continue_url },
        { host: "localhost:80" },
      );
      expect(revoke.json<{ data: { location: string } }>().data.location, continue_url).toMatch(
        /^\/(?![/\\])/,
      );
    }
  });

  it("sets the XSRF cookie for the console's calls only: not for health checks, metrics or access tokens", async () => {
    const xsrfSet = (res: { cookies: { name: string }[] }) =>
      res.cookies.some((c) => c.name === WIRE.xsrfCookie);
    const browser = await new TestAgent(t.app).get("/api/app-config");
    expect(xsrfSet(browser)).toBe(true);
    expect(xsrfSet(await new TestAgent(t.app).get("/healthz"))).toBe(false);
    expect(xsrfSet(await t.app.inject({ method: "GET", url: "/metrics" }))).toBe(false);

    const { agent } = await signedInAgent(t, { company });
    const created = await agent.post("/account/tokens", {
      name: "cookie-less",
      scopes: ["users:read"],
    });
    const token = created.json<{ data: { token: string } }>().data.token;
    const scripted = await new TestAgent(t.app).get("/api/user", {
      authorization: `Bearer ${token}`,
    });
    expect(scripted.statusCode).toBe(200);
    expect(xsrfSet(scripted)).toBe(false);
  });

  it("refuses a state-changing request without the XSRF header", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await agent.get("/api/app-config");
    const res = await agent.request(
      "POST",
      "/account/sign-in",
      { email: user.email, password: user.password },
      {
        [WIRE.xsrfHeader]: "forged",
      },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe("XSRF_TOKEN_MISMATCH");
  });
});

describe("POST /account/token/refresh", () => {
  it("rotates the refresh token and renews access after the access token expired", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const firstRefresh = agent.cookies.get(COOKIES.refresh);
    agent.cookies.delete(COOKIES.access); // what the browser does when the cookie expires
    expect((await agent.get("/api/user")).statusCode).toBe(401);
    const res = await agent.post("/account/token/refresh");
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { exp: number } }>().data.exp).toBeGreaterThan(Date.now() / 1000);
    expect(agent.cookies.get(COOKIES.refresh)).not.toBe(firstRefresh);
    expect((await agent.get("/api/user")).statusCode).toBe(200);
  });

  it("revokes the whole session when a rotated refresh token is reused", async () => {
    const user = await f.user({ company });
    const victim = new TestAgent(t.app);
    await victim.signIn(user.email, user.password);
    const stolen = victim.cookies.get(COOKIES.refresh)!;
    expect((await victim.post("/account/token/refresh")).statusCode).toBe(200);

    // Past the grace window for racing tabs, the old token is a replay.
    await t.database.db.execute(
      sql`update refresh_tokens set used_at = now() - interval '1 minute' where used_at is not null`,
    );
    const thief = new TestAgent(t.app);
    thief.cookies.set(COOKIES.refresh, stolen);
    const replay = await thief.post("/account/token/refresh");
    expect(replay.statusCode).toBe(401);
    // The legitimate holder's newer tokens died with the session.
    expect((await victim.get("/api/user")).statusCode).toBe(401);
    expect((await victim.post("/account/token/refresh")).statusCode).toBe(401);
  });

  it("gives a racing tab of the same browser the tokens its rotation issued, never new ones", async () => {
    const user = await f.user({ company });
    const browser = { remoteAddress: "192.0.2.10", headers: { "user-agent": "Browser/1.0" } };
    const tab = new TestAgent(t.app, browser);
    await tab.signIn(user.email, user.password);
    const old = tab.cookies.get(COOKIES.refresh)!;
    expect((await tab.post("/account/token/refresh")).statusCode).toBe(200);
    const issued = {
      access: tab.cookies.get(COOKIES.access),
      refresh: tab.cookies.get(COOKIES.refresh),
    };

    for (let i = 0; i < 3; i++) {
      const other = new TestAgent(t.app, browser);
      other.cookies.set(COOKIES.refresh, old);
      const res = await other.post("/account/token/refresh");
      expect(res.statusCode).toBe(200);
      expect(other.cookies.get(COOKIES.access)).toBe(issued.access);
      expect(other.cookies.get(COOKIES.refresh)).toBe(issued.refresh);
    }
    expect((await tab.get("/api/user")).statusCode).toBe(200);
  });

  it("treats a replay from another browser within the grace as reuse and ends the session", async () => {
    const user = await f.user({ company });
    const victim = new TestAgent(t.app, { headers: { "user-agent": "Browser/1.0" } });
    await victim.signIn(user.email, user.password);
    const stolen = victim.cookies.get(COOKIES.refresh)!;
    expect((await victim.post("/account/token/refresh")).statusCode).toBe(200);

    const thief = new TestAgent(t.app, { headers: { "user-agent": "Browser/1.0" } });
    thief.cookies.set(COOKIES.refresh, stolen);
    const replay = await thief.post("/account/token/refresh");
    expect(replay.statusCode).toBe(401);
    expect(thief.cookies.has(COOKIES.access)).toBe(false);
    expect((await victim.get("/api/user")).statusCode).toBe(401);
  });

  it("answers 401 without a refresh cookie", async () => {
    const res = await new TestAgent(t.app).post("/account/token/refresh");
    expect(res.statusCode).toBe(401);
    expect(res.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe("UNAUTHORIZED");
  });
});

describe("POST /account/token/revoke", () => {
  it("SH-HTTP-018 SH-HTTP-019 ends the session, clears cookies and answers the redirect_uri as location", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const access = agent.cookies.get(COOKIES.access)!;
    const res = await agent.post("/account/token/revoke", {
      client_id: "console",
      redirect_uri: "/account/sign-in?bye=1",
    });
    expect(res.json()).toEqual({ success: true, data: { location: "/account/sign-in?bye=1" } });
    expect(agent.cookies.has(COOKIES.access)).toBe(false);
    expect(agent.cookies.has(COOKIES.signedIn)).toBe(false);
    // The old access token no longer works even if someone kept it.
    const replay = new TestAgent(t.app);
    replay.cookies.set(COOKIES.access, access);
    expect((await replay.get("/api/user")).statusCode).toBe(401);
  });

  it("never redirects to another host", async () => {
    const res = await new TestAgent(t.app).post("/account/token/revoke", {
      redirect_uri: "https://evil.example/",
    });
    expect(res.json<{ data: { location: string } }>().data.location).toBe("/account/sign-in");
  });
});

describe("e-mail verification", () => {
  it("SH-HTTP-020 answers EMAIL_NOT_VERIFIED until the link from the resent e-mail is used", async () => {
    const user = await f.user({ company, verified: false });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const blocked = await agent.get("/api/user");
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe(
      "EMAIL_NOT_VERIFIED",
    );

    const resend = await agent.post("/account/user/activation/resend");
    expect(resend.json()).toEqual({
      success: true,
      message: "Email confirmation sent successfully",
    });
    const mail = await lastMail(t.database.db, user.email, "verify_email");
    expect(mail?.subject).toBe("Confirm your e-mail address");

    const verify = await new TestAgent(t.app).post("/account/email/verify", {
      token: linkToken(mail?.text),
    });
    expect(verify.statusCode).toBe(200);
    expect((await agent.get("/api/user")).statusCode).toBe(200);
    // Opening the link again (a reload) still reads as confirmed; a made-up one does not.
    const again = await new TestAgent(t.app).post("/account/email/verify", {
      token: linkToken(mail?.text),
    });
    expect(again.statusCode).toBe(200);
    const bogus = await new TestAgent(t.app).post("/account/email/verify", { token: "made-up" });
    expect(bogus.statusCode).toBe(422);
    expect(bogus.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe("INVALID_TOKEN");
  });
});

describe("password reset", () => {
  it("e-mails a link that sets a new password once and ends old sessions", async () => {
    const user = await f.user({ company });
    const oldSession = new TestAgent(t.app);
    await oldSession.signIn(user.email, user.password);

    const forgot = await new TestAgent(t.app).post("/account/password/forgot", {
      email: user.email,
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await awaitMail(t.database.db, user.email, "reset_password");
    expect(mail.subject).toBe("Reset your password");
    const token = linkToken(mail.text);

    const reset = await new TestAgent(t.app).post("/account/password/reset", {
      token,
      password: "a brand new secret",
    });
    expect(reset.statusCode).toBe(200);
    expect((await oldSession.get("/api/user")).statusCode).toBe(401);
    await new TestAgent(t.app).signIn(user.email, "a brand new secret");
    const bad = await new TestAgent(t.app).post("/account/sign-in", {
      email: user.email,
      password: user.password,
    });
    expect(bad.statusCode).toBe(401);
    const reuse = await new TestAgent(t.app).post("/account/password/reset", {
      token,
      password: "yet another one",
    });
    expect(reuse.statusCode).toBe(422);
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    const unknown = await agent.post("/account/password/forgot", { email: "ghost@example.com" });
    const known = await agent.post("/account/password/forgot", { email: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    // The work runs after the answer, in order: once the known one's mail is out, so is any.
    await awaitMail(t.database.db, user.email, "reset_password");
    expect(await lastMail(t.database.db, "ghost@example.com")).toBeUndefined();
  });

  it("voids older reset links when a newer one is used", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    const tokens: string[] = [];
    for (let i = 1; i <= 2; i++) {
      await agent.post("/account/password/forgot", { email: user.email });
      tokens.push(
        linkToken((await awaitMail(t.database.db, user.email, "reset_password", i)).text),
      );
    }
    const [older, newer] = tokens as [string, string];
    expect(
      (await agent.post("/account/password/reset", { token: newer, password: "the newest one" }))
        .statusCode,
    ).toBe(200);
    const stale = await agent.post("/account/password/reset", {
      token: older,
      password: "an attacker's",
    });
    expect(stale.statusCode).toBe(422);
    expect(stale.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe("INVALID_TOKEN");
    await new TestAgent(t.app).signIn(user.email, "the newest one");
  });

  it("voids outstanding reset links when the password is changed", async () => {
    const user = await f.user({ company });
    await new TestAgent(t.app).post("/account/password/forgot", { email: user.email });
    const token = linkToken((await awaitMail(t.database.db, user.email, "reset_password")).text);
    const session = new TestAgent(t.app);
    await session.signIn(user.email, user.password);
    const change = await session.put("/api/user/password", {
      current_password: user.password,
      password: "changed on purpose",
      password_confirmation: "changed on purpose",
    });
    expect(change.statusCode).toBe(200);
    const stale = await new TestAgent(t.app).post("/account/password/reset", {
      token,
      password: "an attacker's",
    });
    expect(stale.statusCode).toBe(422);
    await new TestAgent(t.app).signIn(user.email, "changed on purpose");
  });

  it("rejects a short password with the field named", async () => {
    const res = await new TestAgent(t.app).post("/account/password/reset", {
      token: "x",
      password: "short",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: { source: string; message: string }[] }>().errors[0]).toMatchObject({
      source: "password",
      message: "Password must be at least 8 characters",
    });
  });
});

describe("registration by invitation", () => {
  it("shows the invitation, creates a verified account in its company and role, then signs in", async () => {
    const { token, deliver } = await createInvitation(t.app.ctx, t.database.db, {
      email: "new.person@example.com",
      companyId: company.id,
      companyName: company.name,
      roleId: 3,
      invitedBy: null,
    });
    await deliver();
    const preview = await new TestAgent(t.app).get(
      `/account/invitations/${encodeURIComponent(token)}`,
    );
    expect(preview.json<{ data: object }>().data).toMatchObject({
      email: "new.person@example.com",
      company_name: "Acme Networks",
      role_title: "End Client",
    });
    const agent = new TestAgent(t.app);
    const res = await agent.post("/account/register", {
      token,
      first_name: "New",
      last_name: "Person",
      password: "a good password",
    });
    expect(res.statusCode).toBe(200);
    const me = (await agent.get("/api/user")).json<{
      company: { id: number };
      role: { name: string };
    }>();
    expect(me.company.id).toBe(company.id);
    expect(me.role.name).toBe("end_user");
    const twice = await new TestAgent(t.app).post("/account/register", {
      token,
      password: "a good password",
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe("INVALID_TOKEN");
  });
});

describe("PUT /account/user", () => {
  it("records terms acceptance", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    expect((await agent.get("/api/user")).json<{ tos_accepted: boolean }>().tos_accepted).toBe(
      false,
    );
    expect((await agent.put("/account/user", { tos_accepted: true })).statusCode).toBe(200);
    expect((await agent.get("/api/user")).json<{ tos_accepted: boolean }>().tos_accepted).toBe(
      true,
    );
  });
});
