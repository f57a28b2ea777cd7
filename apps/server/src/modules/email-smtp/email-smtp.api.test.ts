import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_ROLE_LIST } from "@netfleet/contracts/roles";
import { smtpSettingsSchema, type SmtpSettings } from "@netfleet/contracts/schemas/email-smtp";
import type { MailLog } from "@netfleet/contracts/schemas/mail-logs";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { agePasswordConfirmation } from "../mfa/mfa-test-kit";
import { closedPort, startSmtp } from "./smtp-test-kit";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let root: TestCompany;
let superAdmin: TestAgent;

type SettingsBody = { data: SmtpSettings; message?: string };
type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };
const errorsOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().errors;

const settings = (overrides: Record<string, unknown> = {}) => ({
  host: "127.0.0.1",
  port: smtp.port,
  security: "none",
  username: "ops",
  password: "s3cret",
  from: "Ops <ops@example.com>",
  ...overrides,
});

async function mailTo(to: string): Promise<MailLog | undefined> {
  const res = await superAdmin.get(`/api/mail-logs?to=${encodeURIComponent(to)}&limit=1`);
  return res.json<{ data: MailLog[] }>().data[0];
}

beforeAll(async () => {
  smtp = await startSmtp({ auth: { username: "ops", password: "s3cret" } });
  t = await buildTestApp();
  root = await factories(t.database.db).company({ name: "Smtp Root" });
  superAdmin = (await signedInAgent(t, { company: root, role: "super_admin" })).agent;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("/api/email-smtp", () => {
  it("answers that mail stays in the outbox until a server is set, and refuses a test send", async () => {
    const res = await superAdmin.get("/api/email-smtp");
    expect(res.statusCode).toBe(200);
    expect(smtpSettingsSchema.parse(res.json<SettingsBody>().data)).toEqual({
      host: null,
      port: null,
      security: "starttls",
      username: null,
      password_set: false,
      from: null,
      source: "outbox",
      updated_at: null,
    });
    const test = await superAdmin.post("/api/email-smtp/test", { to: "check@example.com" });
    expect(test.statusCode).toBe(422);
    expect(errorsOf(test)[0]?.message).toBe(
      "No SMTP server is set up: e-mail stays in the outbox (see Mail logs).",
    );
  });

  it("saves the server after the password is confirmed, and never answers the password", async () => {
    const { user, agent } = await signedInAgent(t, { company: root, role: "super_admin" });
    await agePasswordConfirmation(t.database.db, user.id);
    const locked = await agent.put("/api/email-smtp", settings());
    expect(locked.statusCode).toBe(423);
    expect(errorsOf(locked)[0]?.code).toBe("PASSWORD_CONFIRMATION_REQUIRED");
    await agent.post("/api/password-confirmation", { password: user.password });
    const res = await agent.put("/api/email-smtp", settings());
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("s3cret");
    expect(res.json<SettingsBody>()).toMatchObject({
      message: "SMTP settings updated successfully",
      data: {
        host: "127.0.0.1",
        port: smtp.port,
        security: "none",
        username: "ops",
        password_set: true,
        from: "Ops <ops@example.com>",
        source: "settings",
      },
    });
    const read = await superAdmin.get("/api/email-smtp");
    expect(read.body).not.toContain("s3cret");
    expect(read.json<SettingsBody>().data.password_set).toBe(true);
  });

  it("sends a test e-mail through the stored server and lists it in Mail logs", async () => {
    expect((await superAdmin.put("/api/email-smtp", settings())).statusCode).toBe(200);
    const res = await superAdmin.post("/api/email-smtp/test", { to: "check@example.com" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: "Test e-mail sent to check@example.com" });
    const message = smtp.received.find((m) => m.to.includes("check@example.com"));
    expect(message?.raw).toContain("From: Ops <ops@example.com>");
    expect(message?.raw).toContain("Subject: Netfleet test e-mail");
    expect(await mailTo("check@example.com")).toMatchObject({
      template: "smtp_test",
      status: "sent",
      error: null,
    });
  });

  it("reports the SMTP server's own refusal when a test send fails", async () => {
    // No password sent: the stored one stays.
    await superAdmin.put("/api/email-smtp", settings({ password: undefined, username: "ops" }));
    expect((await superAdmin.get("/api/email-smtp")).json<SettingsBody>().data.password_set).toBe(
      true,
    );
    await superAdmin.put("/api/email-smtp", settings({ password: "wrong" }));
    const refused = await superAdmin.post("/api/email-smtp/test", { to: "refused@example.com" });
    expect(refused.statusCode).toBe(422);
    const [error] = errorsOf(refused);
    expect(error?.message).toMatch(
      /^The test e-mail could not be sent: .*535.*Invalid username or password/,
    );
    expect(await mailTo("refused@example.com")).toMatchObject({
      status: "failed",
      error: expect.stringContaining("535") as string,
    });
    await superAdmin.put("/api/email-smtp", settings({ security: "starttls" }));
    const noTls = await superAdmin.post("/api/email-smtp/test", { to: "notls@example.com" });
    expect(noTls.statusCode).toBe(422);
    expect(errorsOf(noTls)[0]?.message).toMatch(/STARTTLS/i);
    await superAdmin.put("/api/email-smtp", settings({ port: await closedPort() }));
    const down = await superAdmin.post("/api/email-smtp/test", { to: "down@example.com" });
    expect(errorsOf(down)[0]?.message).toMatch(/ECONNREFUSED/);
  });

  it("removes the password with null and forgets the server on DELETE", async () => {
    const cleared = await superAdmin.put(
      "/api/email-smtp",
      settings({ password: null, username: "" }),
    );
    expect(cleared.json<SettingsBody>().data).toMatchObject({
      password_set: false,
      username: null,
    });
    const res = await superAdmin.delete("/api/email-smtp");
    expect(res.statusCode).toBe(200);
    expect(res.json<SettingsBody>().data).toMatchObject({ host: null, source: "outbox" });
  });

  it("checks every field, naming it", async () => {
    const res = await superAdmin.put("/api/email-smtp", {
      host: "bad host",
      port: 0,
      security: "ssl",
      from: "nobody",
    });
    expect(res.statusCode).toBe(422);
    expect(
      errorsOf(res)
        .map((e) => e.source)
        .sort(),
    ).toEqual(["from", "host", "port", "security"]);
    const named = await superAdmin.put(
      "/api/email-smtp",
      settings({ from: "Ops <not-an-address>" }),
    );
    expect(errorsOf(named)[0]?.source).toBe("from");
    const to = await superAdmin.post("/api/email-smtp/test", { to: "nobody" });
    expect(errorsOf(to)[0]).toMatchObject({
      source: "to",
      message: "Enter a valid e-mail address",
    });
  });

  it("is the super administrator's alone, wherever other roles sit", async () => {
    const company = await factories(t.database.db).company({ parent: root });
    for (const role of FIXED_ROLE_LIST.filter((r) => r.name !== "super_admin")) {
      const { agent } = await signedInAgent(t, { company, role: role.name });
      for (const res of [
        await agent.get("/api/email-smtp"),
        await agent.put("/api/email-smtp", settings()),
        await agent.delete("/api/email-smtp"),
        await agent.post("/api/email-smtp/test", { to: "x@example.com" }),
      ]) {
        expect(res.statusCode, `${role.name} ${res.body}`).toBe(403);
      }
    }
    expect((await new TestAgent(t.app).get("/api/email-smtp")).statusCode).toBe(401);
    const token = (
      await superAdmin.post("/account/tokens", {
        name: "smtp",
        scopes: ["system:read", "system:write"],
      })
    ).json<{ data: { token: string } }>().data.token;
    const bearer = new TestAgent(t.app, { headers: { authorization: `Bearer ${token}` } });
    expect((await bearer.get("/api/email-smtp")).statusCode).toBe(200);
    // Changing the server needs the password again, which a token cannot give.
    expect((await bearer.put("/api/email-smtp", settings())).statusCode).toBe(403);
  });
});
