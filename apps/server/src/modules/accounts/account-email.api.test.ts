import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { mailOutbox } from "../../db/schema";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";

let t: TestApp;
let f: ReturnType<typeof factories>;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  company = await f.company({ name: "Mail Co" });
});
afterAll(() => t.close());

/** An older account whose user name is its e-mail, as the e-mail prompt expects. */
async function legacyUser(email: string, verified = true) {
  return signedInAgent(t, { company, role: "end_user", email, username: email, verified });
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

const firstError = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; message: string; source: string | null }[] })
    .errors[0];

describe("PUT /account/user with an e-mail", () => {
  it("stores the new address unconfirmed and sends its confirmation link", async () => {
    const { user, agent } = await legacyUser("legacy.one@example.com");
    const res = await agent.put("/account/user", { email: "  Real.Person@Example.com " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: "Check your inbox: we sent a confirmation link to real.person@example.com.",
    });

    const mail = await lastMailTo("real.person@example.com");
    expect(mail?.subject).toBe("Confirm your e-mail address");
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail!.text)![1]!);

    // Unconfirmed, like after registration: the console shows the confirmation notice.
    const blocked = await agent.get("/api/user");
    expect(blocked.statusCode).toBe(403);
    expect(firstError(blocked.body)?.code).toBe("EMAIL_NOT_VERIFIED");
    expect((await new TestAgent(t.app).post("/account/email/verify", { token })).statusCode).toBe(
      200,
    );
    const me = (await agent.get("/api/user")).json<CurrentUser>();
    expect(me).toMatchObject({
      id: user.id,
      email: "real.person@example.com",
      username: "legacy.one@example.com",
      email_verified: true,
    });

    // The old address signs in no more; the new one does.
    const old = await new TestAgent(t.app).post("/account/sign-in", {
      email: user.email,
      password: user.password,
    });
    expect(old.statusCode).toBe(401);
    await new TestAgent(t.app).signIn("real.person@example.com", user.password);
  });

  it("voids confirmation links sent to the old address", async () => {
    const { agent } = await legacyUser("legacy.links@example.com", false);
    await agent.post("/account/user/activation/resend");
    const oldMail = await lastMailTo("legacy.links@example.com");
    const oldToken = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(oldMail!.text)![1]!);

    expect((await agent.put("/account/user", { email: "fresh@example.com" })).statusCode).toBe(200);
    const res = await new TestAgent(t.app).post("/account/email/verify", { token: oldToken });
    expect(res.statusCode).toBe(422);
  });

  it("refuses an address another account holds, and an invalid one, naming the field", async () => {
    await f.user({ company, email: "taken@example.com" });
    const { agent } = await legacyUser("legacy.two@example.com");

    const taken = await agent.put("/account/user", { email: "TAKEN@example.com" });
    expect(taken.statusCode).toBe(409);
    expect(firstError(taken.body)).toEqual({
      code: "CONFLICT",
      message: "This e-mail address is already in use by another account.",
      source: "email",
    });
    const invalid = await agent.put("/account/user", { email: "not-an-address" });
    expect(invalid.statusCode).toBe(422);
    expect(firstError(invalid.body)).toMatchObject({
      source: "email",
      message: "Enter a valid e-mail address",
    });
    const same = await agent.put("/account/user", { email: "legacy.two@example.com" });
    expect(same.statusCode).toBe(422);
    expect(firstError(same.body)?.source).toBe("email");
  });

  it("changes the address only while it is also the user name", async () => {
    const user = await f.user({ company, email: "modern@example.com", username: "modern" });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const res = await agent.put("/account/user", { email: "other@example.com" });
    expect(res.statusCode).toBe(403);
    expect(firstError(res.body)?.message).toBe(
      "Your e-mail address can be changed here only while it is also your user name.",
    );
    expect((await agent.get("/api/user")).json<CurrentUser>().email).toBe("modern@example.com");
  });

  it("SH-HTTP-021 still records terms acceptance with {tos_accepted}", async () => {
    const { agent } = await legacyUser("legacy.tos@example.com");
    const res = await agent.put("/account/user", { tos_accepted: true });
    expect(res.json()).toEqual({ success: true, message: "Account updated successfully" });
    expect((await agent.get("/api/user")).json<CurrentUser>().tos_accepted).toBe(true);
  });
});
