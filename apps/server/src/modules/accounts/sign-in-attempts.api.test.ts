import { sql } from "drizzle-orm";
import { generateSecret } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { awaitMail, lastMail, linkToken } from "../../test/outbox";
import { firstError, mfaRequired, sessionFields, setUserMfa, totpCode } from "../mfa/mfa-test-kit";

let t: TestApp;
let f: ReturnType<typeof factories>;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp({
    SIGNIN_RATE_LIMIT_ACCOUNT: "3",
    SIGNIN_RATE_LIMIT_IP: "1000",
    SIGNIN_LOCK_MINUTES: "15",
  });
  f = factories(t.database.db);
  company = await f.company();
});
afterAll(() => t.close());

async function failSignIn(agent: TestAgent, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await agent.post("/account/sign-in", { email, password: "a wrong guess" });
    expect(res.statusCode).toBe(401);
  }
}

/** Moves every counter's last attempt back, as if the wait had passed. */
async function letTimePass(seconds: number) {
  await t.database.db.execute(
    sql`update auth_attempts set last_at = last_at - make_interval(secs => ${seconds})`,
  );
}

describe("failed sign-ins", () => {
  it("answer an unknown and a known address alike, before and after the wait starts", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    const answers = [];
    for (const email of [user.email, "nobody-here@example.com"]) {
      await failSignIn(agent, email, 3);
      const res = await agent.post("/account/sign-in", { email, password: "a wrong guess" });
      answers.push({ status: res.statusCode, body: res.json<object>() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual({
      status: 429,
      body: {
        success: false,
        errors: [
          {
            code: "TOO_MANY_REQUESTS",
            message:
              "Too many failed sign-in attempts. Try again in 30 seconds, or sign in with a link sent by e-mail.",
            source: null,
          },
        ],
        meta: { retry_after: 30, sign_in_link: true },
      },
    });
  });

  it("let nobody elsewhere lock the owner out: the wait is per account and address", async () => {
    const user = await f.user({ company });
    const stranger = new TestAgent(t.app);
    await failSignIn(stranger, user.email, 3);
    expect(
      (await stranger.post("/account/sign-in", { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(429);
    await new TestAgent(t.app).signIn(user.email, user.password);
  });

  it("make the wait grow with each further failure, up to the longest wait", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await failSignIn(agent, user.email, 3);
    const waits = [];
    for (let i = 0; i < 7; i++) {
      const res = await agent.post("/account/sign-in", { email: user.email, password: "wrong" });
      waits.push(res.json<{ meta: { retry_after: number } }>().meta.retry_after);
      await letTimePass(waits[i]!);
      await failSignIn(agent, user.email, 1);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
  });

  it("slow an account down from every address after many failures", async () => {
    const user = await f.user({ company });
    // Thirty failures (ten times the per-address allowance) from many addresses.
    for (let i = 0; i < 10; i++) await failSignIn(new TestAgent(t.app), user.email, 3);
    const owner = new TestAgent(t.app);
    const res = await owner.post("/account/sign-in", {
      email: user.email,
      password: user.password,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ meta: { sign_in_link: boolean } }>().meta.sign_in_link).toBe(true);
  });

  it("never slow down concurrent right sign-ins of one account from several browsers", async () => {
    const user = await f.user({ company });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        new TestAgent(t.app).post("/account/sign-in", {
          email: user.email,
          password: user.password,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
  });

  it("count wrong codes of a second factor at sign-in like wrong passwords", async () => {
    const user = await f.user({ company });
    const secret = generateSecret();
    await setUserMfa(t.database.db, user.id, "totp", secret);
    const agent = new TestAgent(t.app);
    for (let i = 0; i < 3; i++) {
      const meta = mfaRequired(
        await agent.post("/account/sign-in", { email: user.email, password: user.password }),
      );
      const wrong = await agent.post("/account/sign-in", {
        email: user.email,
        password: user.password,
        ...sessionFields(meta, "000000"),
      });
      expect(firstError(wrong)?.code).toBe("CONFIRMATION_FAILED");
    }
    const right = await agent.post("/account/sign-in", {
      email: user.email,
      password: user.password,
    });
    expect(right.statusCode).toBe(429);
    // From another address the owner still gets in with the right code.
    const owner = new TestAgent(t.app);
    const meta = mfaRequired(
      await owner.post("/account/sign-in", { email: user.email, password: user.password }),
    );
    const ok = await owner.post("/account/sign-in", {
      email: user.email,
      password: user.password,
      ...sessionFields(meta, await totpCode(secret)),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe("PUT /api/user/password", () => {
  it("counts wrong current passwords like failed sign-ins, then refuses even the right one", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const change = (current: string) =>
      agent.put("/api/user/password", {
        current_password: current,
        password: "a new password",
        password_confirmation: "a new password",
      });
    for (let i = 0; i < 3; i++) {
      const res = await change(`wrong guess ${i}`);
      expect(res.statusCode).toBe(422);
      expect(firstError(res)?.source).toBe("current_password");
    }
    const refused = await change(user.password);
    expect(refused.statusCode).toBe(429);
    expect(firstError(refused)?.message).toBe("Too many wrong passwords. Try again in 30 seconds.");
    await letTimePass(30);
    expect((await change(user.password)).statusCode).toBe(200);
  });

  it("counts wrong passwords at password confirmation the same way", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    for (let i = 0; i < 3; i++) {
      const res = await agent.post("/api/password-confirmation", { password: `wrong ${i}` });
      expect(res.statusCode).toBe(422);
    }
    const refused = await agent.post("/api/password-confirmation", { password: user.password });
    expect(refused.statusCode).toBe(429);
  });
});

describe("sign-in link by e-mail", () => {
  it("gets the owner past the wait, once", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await failSignIn(agent, user.email, 3);
    const request = await agent.post(
      "/account/sign-in/link/request",
      { email: user.email, continue_url: "http://localhost:8080/users" },
      { host: "localhost:8080" },
    );
    expect(request.json()).toEqual({
      success: true,
      message: "If an account exists for that e-mail, we have sent it a link to sign in.",
    });
    const mail = await awaitMail(t.database.db, user.email, "sign_in_link");
    expect(mail.text).toContain("http://localhost:8080/account/sign-in-link?token=");
    expect(mail.text).toContain("continue_url=%2Fusers");
    const token = linkToken(mail.text);

    const res = await agent.post(
      "/account/sign-in/link",
      { token, continue_url: "/users" },
      { host: "localhost:8080" },
    );
    expect(res.json()).toEqual({ success: true, data: { location: "/users" } });
    expect((await agent.get("/api/user")).statusCode).toBe(200);

    const again = await new TestAgent(t.app).post("/account/sign-in/link", { token });
    expect(again.statusCode).toBe(422);
    expect(firstError(again)).toEqual({
      code: "INVALID_TOKEN",
      message: "This sign-in link is invalid, already used or expired.",
      source: "token",
    });
  });

  it("answers an unknown address alike and sends nothing to it", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    const unknown = await agent.post("/account/sign-in/link/request", {
      email: "nobody-at-all@example.com",
    });
    const known = await agent.post("/account/sign-in/link/request", { email: user.email });
    expect(unknown.body).toBe(known.body);
    await awaitMail(t.database.db, user.email, "sign_in_link");
    expect(await lastMail(t.database.db, "nobody-at-all@example.com")).toBeUndefined();
  });

  it("still asks a user with a second factor for a code", async () => {
    const user = await f.user({ company });
    const secret = generateSecret();
    await setUserMfa(t.database.db, user.id, "totp", secret);
    await new TestAgent(t.app).post("/account/sign-in/link/request", { email: user.email });
    const token = linkToken((await awaitMail(t.database.db, user.email, "sign_in_link")).text);
    const agent = new TestAgent(t.app);
    const meta = mfaRequired(await agent.post("/account/sign-in/link", { token }));
    const res = await agent.post("/account/sign-in/link", {
      token,
      ...sessionFields(meta, await totpCode(secret)),
    });
    expect(res.statusCode).toBe(200);
  });

  it("voids a sign-in link when the password changes", async () => {
    const user = await f.user({ company });
    await new TestAgent(t.app).post("/account/sign-in/link/request", { email: user.email });
    const token = linkToken((await awaitMail(t.database.db, user.email, "sign_in_link")).text);
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    await agent.put("/api/user/password", {
      current_password: user.password,
      password: "something else now",
      password_confirmation: "something else now",
    });
    expect((await new TestAgent(t.app).post("/account/sign-in/link", { token })).statusCode).toBe(
      422,
    );
  });
});
