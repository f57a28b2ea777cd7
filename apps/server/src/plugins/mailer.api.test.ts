import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import { TestAgent } from "../test/agent";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { factories } from "../test/factories";

/** A real SMTP server on a free port, recording what it receives. */
function startSmtp() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; received: typeof received }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({ server, port: (server.server.address() as net.AddressInfo).port, received });
    });
  });
}

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

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
    await new Promise<void>((r) => smtp.server.close(() => r()));
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
