import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailLog } from "@netfleet/contracts/schemas/mail-logs";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { awaitMail } from "../../test/outbox";
import { setUserMfa } from "../mfa/mfa-test-kit";

let t: TestApp;
let f: ReturnType<typeof factories>;
let company: TestCompany;
let superAdmin: TestAgent;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  company = await f.company({ name: "Mail Log Co" });
  const admin = await f.user({ company, role: "super_admin" });
  superAdmin = new TestAgent(t.app);
  await superAdmin.signIn(admin.email, admin.password);
});
afterAll(() => t.close());

/** The same e-mail as Mail logs shows it. */
async function loggedMail(to: string, template: string): Promise<MailLog> {
  const res = await superAdmin.get(
    `/api/mail-logs?to=${encodeURIComponent(to)}&template=${template}&limit=1`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const [mail] = res.json<{ data: MailLog[] }>().data;
  if (!mail) throw new Error(`Mail logs shows no ${template} mail to ${to}`);
  return mail;
}

describe("GET /api/mail-logs", () => {
  it("hides the token of a password reset link but shows the rest of the e-mail", async () => {
    const user = await f.user({ company });
    const res = await new TestAgent(t.app).post("/account/password/forgot", { email: user.email });
    expect(res.statusCode).toBe(200);

    const stored = await awaitMail(t.database.db, user.email, "reset_password");
    const token = /reset-password\?token=([^\s&"<]+)/.exec(stored.text)?.[1];
    expect(token, stored.text).toBeDefined();

    const shown = await loggedMail(user.email, "reset_password");
    expect(JSON.stringify(shown)).not.toContain(token!);
    expect(JSON.stringify(shown)).not.toContain(decodeURIComponent(token!));
    expect(shown.subject).toBe("Reset your password");
    expect(shown.text).toContain(
      "Someone asked to reset the password of your Netfleet account. To choose a new password, open this link:",
    );
    expect(shown.text).toContain("http://localhost:8080/account/reset-password?token=[hidden]");
    expect(shown.text).toContain("The link works for one hour.");
    expect(shown.html).toContain(
      'href="http://localhost:8080/account/reset-password?token=[hidden]"',
    );
  });

  it("hides the token in the path of an impersonation confirmation link", async () => {
    const user = await f.user({ company, role: "end_user" });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const res = await agent.post("/api/user/impersonation-access", { until });
    expect(res.statusCode, res.body).toBe(200);

    const stored = await awaitMail(t.database.db, user.email, "impersonation_access");
    const token = /confirm-impersonation-access\/([^\s"<]+)/.exec(stored.text)?.[1];
    expect(token, stored.text).toBeDefined();

    const shown = await loggedMail(user.email, "impersonation_access");
    expect(JSON.stringify(shown)).not.toContain(token!);
    expect(shown.text).toContain(
      "http://localhost:8080/users/confirm-impersonation-access/[hidden]\n",
    );
    expect(shown.text).toContain("You asked to let support staff sign in as you until");
  });

  it("hides the second-factor code from the subject, text and HTML of a code e-mail", async () => {
    const user = await f.user({ company });
    await setUserMfa(t.database.db, user.id, "email");
    const signIn = await new TestAgent(t.app).post("/account/sign-in", {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode, signIn.body).toBe(403);
    const stored = await awaitMail(t.database.db, user.email, "mfa_code");
    const code = /\b(\d{6})\b/.exec(stored.text)?.[1];
    expect(code, stored.text).toBeDefined();

    const shown = await loggedMail(user.email, "mfa_code");
    expect(JSON.stringify(shown)).not.toContain(code!);
    expect(shown.subject).toBe("Your authentication code: [hidden]");
    expect(shown.text).toContain("Your Netfleet authentication code is:\n\n[hidden]\n");
    expect(shown.text).toContain("The code works once, for 10 minutes.");
    expect(shown.html).toContain("<strong>[hidden]</strong>");
  });
});

describe("GET /api/mail-logs as a list", () => {
  type ListBody = { data: MailLog[]; meta: { total: number } };
  const list = async (query: string) => {
    const res = await superAdmin.get(`/api/mail-logs?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListBody>();
  };

  it("lists every e-mail with its status, newest first, paged and counted", async () => {
    const users = [await f.user({ company }), await f.user({ company }), await f.user({ company })];
    for (const user of users) {
      await new TestAgent(t.app).post("/account/password/forgot", { email: user.email });
      await awaitMail(t.database.db, user.email, "reset_password");
    }
    const firstPage = await list("template=reset_password&limit=2");
    expect(firstPage.meta.total).toBeGreaterThanOrEqual(3);
    expect(firstPage.data.map((m) => m.to)).toEqual([users[2]!.email, users[1]!.email]);
    expect(firstPage.data[0]).toMatchObject({ status: "outbox", error: null, sent_at: null });
    const second = await list("template=reset_password&limit=2&offset=1");
    expect(second.data[0]?.to).toBe(users[1]!.email);
    const oldestFirst = await list("template=reset_password&sort=id&limit=100");
    expect(oldestFirst.data.map((m) => m.id)).toEqual(
      [...oldestFirst.data.map((m) => m.id)].sort((a, b) => a - b),
    );
    const bad = await superAdmin.get("/api/mail-logs?sort=text");
    expect(bad.statusCode).toBe(422);
  });

  it("filters by status and by part of the recipient", async () => {
    const user = await f.user({ company, email: `needle-${Date.now()}@example.com` });
    await new TestAgent(t.app).post("/account/password/forgot", { email: user.email });
    await awaitMail(t.database.db, user.email, "reset_password");
    const found = await list("q=NEEDLE-");
    expect(found.data.map((m) => m.to)).toContain(user.email);
    expect(found.data.every((m) => m.to.includes("needle-"))).toBe(true);
    expect((await list("status=outbox&limit=100")).data.every((m) => m.status === "outbox")).toBe(
      true,
    );
    expect((await list("status=failed")).meta.total).toBe(0);
    expect((await superAdmin.get("/api/mail-logs?status=lost")).statusCode).toBe(422);
  });

  it("does not let a search probe the code in a code e-mail's subject", async () => {
    const user = await f.user({ company });
    await setUserMfa(t.database.db, user.id, "email");
    await new TestAgent(t.app).post("/account/sign-in", {
      email: user.email,
      password: user.password,
    });
    const stored = await awaitMail(t.database.db, user.email, "mfa_code");
    const code = /\b(\d{6})\b/.exec(stored.subject)![1]!;
    expect((await list(`q=${code}`)).meta.total).toBe(0);
  });

  it("is the installation's: only the super administrator reads it, wherever others sit", async () => {
    const child = await f.company({ parent: company });
    for (const role of ["admin", "end_user", "read_only", "readonly_admin", "support"] as const) {
      for (const where of [company, child]) {
        const { agent } = await signedInAgent(t, { company: where, role });
        expect((await agent.get("/api/mail-logs")).statusCode, role).toBe(403);
      }
    }
    expect((await new TestAgent(t.app).get("/api/mail-logs")).statusCode).toBe(401);
  });
});
