import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import type { Invitation } from "@netfleet/contracts/schemas/invitations";
import type { SuppressedEmail } from "@netfleet/contracts/schemas/users";
import { agePasswordConfirmation } from "../mfa/mfa-test-kit";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { lastMail } from "../../test/outbox";

/** A real SMTP server that refuses every recipient whose address starts with "bounce". */
function startSmtp() {
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith("bounce")) return callback();
      const refusal = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
      callback(refusal);
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  return new Promise<{ server: SMTPServer; port: number; received: string[] }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({ server, port: (server.server.address() as net.AddressInfo).port, received });
    });
  });
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let superAdmin: { agent: TestAgent; user: { id: number; email: string; password: string } };
let admin: TestAgent;

type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  f = factories(t.database.db);
  root = await f.company({ name: "Admin Root" });
  superAdmin = await signedInAgent(t, { company: root, role: "super_admin" });
  admin = (await signedInAgent(t, { company: root, role: "admin" })).agent;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => smtp.server.close(() => r()));
});

describe("DELETE /api/admin/users", () => {
  it("deletes the account an address names, after the password is confirmed again", async () => {
    const { user: target, agent: targetAgent } = await signedInAgent(t, {
      company: await f.company(),
      role: "admin",
    });
    const victim = await f.user({ company: root, role: "end_user" });
    await agePasswordConfirmation(t.database.db, superAdmin.user.id);
    const locked = await superAdmin.agent.request("DELETE", "/api/admin/users", {
      email: target.email,
    });
    expect(locked.statusCode).toBe(423);
    await superAdmin.agent.post("/api/password-confirmation", {
      password: superAdmin.user.password,
    });
    const res = await superAdmin.agent.request("DELETE", "/api/admin/users", {
      email: target.email.toUpperCase(),
    });
    expect(res.json()).toEqual({ success: true, message: "User deleted successfully" });
    expect((await superAdmin.agent.get(`/api/users/${target.id}`)).statusCode).toBe(404);
    const unknown = await superAdmin.agent.request("DELETE", "/api/admin/users", {
      email: "nobody@admin.example",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().errors[0]?.source).toBe("email");
    const self = await superAdmin.agent.request("DELETE", "/api/admin/users", {
      email: superAdmin.user.email,
    });
    expect(self.statusCode).toBe(403);
    expect((await targetAgent.get("/api/user")).statusCode).toBe(401);
    expect(
      (await admin.request("DELETE", "/api/admin/users", { email: victim.email })).statusCode,
    ).toBe(403);
    expect((await superAdmin.agent.get(`/api/users/${victim.id}`)).statusCode).toBe(200);
  });
});

describe("mail suppression", () => {
  const bounced = "bounce.me@suppress.example";

  it("lists an address a server refused, skips mail to it and shows it on its invitation", async () => {
    const first = await superAdmin.agent.post("/api/users/invite", {
      email: bounced,
      company_id: root.id,
      role: "end_user",
    });
    expect(first.statusCode).toBe(201);
    const list = await superAdmin.agent.get("/api/suppressed-emails?q=BOUNCE");
    const rows = list.json<{ data: SuppressedEmail[]; meta: { total: number } }>();
    expect(rows.meta.total).toBe(1);
    expect(rows.data[0]).toMatchObject({ email: bounced, reason: expect.stringContaining("550") });

    const again = await superAdmin.agent.post("/api/users/invite", {
      email: bounced,
      company_id: root.id,
      role: "end_user",
    });
    const invitation = again.json<{ data: Invitation }>().data;
    expect(invitation.bounce_status).toContain("550");
    const mail = await lastMail(t.database.db, bounced, "invitation");
    expect(mail).toMatchObject({
      status: "failed",
      error: expect.stringContaining("is on the suppression list") as string,
    });
    expect(smtp.received).not.toContain(bounced);
  });

  it("removes an address from the list for super administrators only, password-confirmed", async () => {
    const path = `/api/suppressed-emails/${encodeURIComponent(bounced)}`;
    expect((await admin.get("/api/suppressed-emails")).statusCode).toBe(403);
    expect((await admin.delete(path)).statusCode).toBe(403);
    await agePasswordConfirmation(t.database.db, superAdmin.user.id);
    expect((await superAdmin.agent.delete(path)).statusCode).toBe(423);
    await superAdmin.agent.post("/api/password-confirmation", {
      password: superAdmin.user.password,
    });
    const res = await superAdmin.agent.delete(path);
    expect(res.json()).toEqual({
      success: true,
      message: "E-mail address removed from the suppression list",
    });
    const empty = await superAdmin.agent.get("/api/suppressed-emails");
    expect(empty.json<{ meta: { total: number } }>().meta.total).toBe(0);
    expect((await superAdmin.agent.delete(path)).statusCode).toBe(404);
  });

  it("sends to an address that was never refused", async () => {
    const email = "fine@suppress.example";
    await superAdmin.agent.post("/api/users/invite", {
      email,
      company_id: root.id,
      role: "end_user",
    });
    expect(smtp.received).toContain(email);
    expect(await lastMail(t.database.db, email, "invitation")).toMatchObject({ status: "sent" });
  });
});
