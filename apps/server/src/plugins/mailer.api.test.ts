import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort, startSmtp } from "../modules/email-smtp/smtp-test-kit";
import { TestAgent } from "../test/agent";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { factories } from "../test/factories";

type MailLogs = { data: { to: string; status: string; error: string | null; subject: string }[] };

async function mailLogs(t: TestApp, to: string) {
  const f = factories(t.database.db);
  const admin = await f.user({ company: await f.company(), role: "super_admin" });
  const agent = new TestAgent(t.app);
  await agent.signIn(admin.email, admin.password);
  return (await agent.get(`/api/mail-logs?to=${encodeURIComponent(to)}`)).json<MailLogs>().data;
}

describe("e-mail over SMTP", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Ops <ops@example.com>",
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("delivers account e-mail to the SMTP server and records it as sent", async () => {
    const f = factories(t.database.db);
    const user = await f.user({ company: await f.company() });
    const res = await new TestAgent(t.app).post("/account/password/forgot", { email: user.email });
    expect(res.statusCode).toBe(200);
    // Sent after the answer, so that its timing does not tell which accounts exist.
    await expect.poll(() => smtp.received.some((m) => m.to.includes(user.email))).toBe(true);
    const message = smtp.received.find((m) => m.to.includes(user.email));
    expect(message?.raw).toContain("Subject: Reset your password");
    expect(message?.raw).toContain("From: Ops <ops@example.com>");
    // The body is quoted-printable: undo soft line breaks and the escaped "=".
    const body = message?.raw.replace(/=\r\n/g, "").replace(/=3D/g, "=");
    expect(body).toContain("http://localhost:8080/account/reset-password?token=");
    await expect.poll(async () => (await mailLogs(t, user.email))[0]?.status).toBe("sent");
    expect(await mailLogs(t, user.email)).toEqual([
      expect.objectContaining({ status: "sent", error: null, subject: "Reset your password" }),
    ]);
  });
});

describe("e-mail when the SMTP server is down", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => t.close());

  it("still answers the caller and records the failure with its reason", async () => {
    const f = factories(t.database.db);
    const user = await f.user({ company: await f.company() });
    const res = await new TestAgent(t.app).post("/account/password/forgot", { email: user.email });
    expect(res.statusCode).toBe(200);
    await expect.poll(async () => (await mailLogs(t, user.email))[0]?.status).toBe("failed");
    const [log] = await mailLogs(t, user.email);
    expect(log?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe("e-mail through the server set from the console", () => {
  let fromEnv: Awaited<ReturnType<typeof startSmtp>>;
  let fromConsole: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    fromEnv = await startSmtp();
    fromConsole = await startSmtp({ auth: { username: "ops", password: "s3cret" } });
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${fromEnv.port}` });
  });
  afterAll(async () => {
    await t.close();
    await fromEnv.close();
    await fromConsole.close();
  });

  it("sends the next e-mail through the stored server, and through SMTP_URL once it is removed", async () => {
    const f = factories(t.database.db);
    const company = await f.company();
    const admin = await f.user({ company, role: "super_admin" });
    const agent = new TestAgent(t.app);
    await agent.signIn(admin.email, admin.password);
    const saved = await agent.put("/api/email-smtp", {
      host: "127.0.0.1",
      port: fromConsole.port,
      security: "none",
      username: "ops",
      password: "s3cret",
      from: "Console <console@example.com>",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const forgot = (email: string) =>
      new TestAgent(t.app).post("/account/password/forgot", { email });
    const first = await f.user({ company });
    await forgot(first.email);
    await expect
      .poll(() => fromConsole.received.some((m) => m.to.includes(first.email)))
      .toBe(true);
    expect(fromConsole.received.find((m) => m.to.includes(first.email))?.raw).toContain(
      "From: Console <console@example.com>",
    );
    expect(fromEnv.received).toEqual([]);
    expect((await agent.delete("/api/email-smtp")).statusCode).toBe(200);
    const second = await f.user({ company });
    await forgot(second.email);
    await expect.poll(() => fromEnv.received.some((m) => m.to.includes(second.email))).toBe(true);
    expect(fromConsole.received.some((m) => m.to.includes(second.email))).toBe(false);
  });
});
