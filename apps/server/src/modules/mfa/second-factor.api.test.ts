import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MFA_LIMITS } from "@netfleet/contracts/schemas/mfa";
import { mfaChallenges } from "../../db/schema";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { COOKIES } from "../accounts/sessions.service";
import {
  firstError,
  lastMailedCode,
  mfaRequired,
  sessionFields,
  setUserMfa,
  totpCode,
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

async function emailUser() {
  const { user, agent } = await signedInAgent(t, { company });
  await setUserMfa(t.database.db, user.id, "email");
  return { user, agent };
}

/** Signs in a user whose factor is TOTP, answering the sign-in challenge. */
async function totpUser() {
  const { user, agent } = await signedInAgent(t, { company });
  const started = await agent.post("/api/mfa", { type: "totp" });
  const secret = started.json<{ data: { secret: string } }>().data.secret;
  const enrolled = await agent.put("/api/mfa", { code: await totpCode(secret) });
  expect(enrolled.statusCode).toBe(200);
  const recoveryCodes = enrolled.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes;
  return { user, agent, secret, recoveryCodes };
}

const newToken = { name: "ci", scopes: ["devices:read"] };

describe("second factor on sensitive routes", () => {
  it("FM-MFA-001 FM-MFA-002 FM-MFA-003 answers MFA_REQUIRED with method and session in meta", async () => {
    const { user, agent } = await emailUser();
    const res = await agent.post("/account/tokens", newToken);
    expect(res.statusCode).toBe(403);
    const body = res.json<{ errors: unknown[]; meta: Record<string, string> }>();
    expect(body.errors).toEqual([
      {
        code: "MFA_REQUIRED",
        message: "Enter the authentication code to continue.",
        source: null,
      },
    ]);
    expect(body.meta.mfa_method).toBe("email");
    expect(body.meta.mfa_type).toBe("email");
    expect(body.meta.session_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.meta.session_id).toBe(body.meta.session_uuid);
    expect(await lastMailedCode(t.database.db, user.email)).toMatch(/^\d{6}$/);
    expect((await agent.get("/account/tokens")).json<{ data: unknown[] }>().data).toHaveLength(0);
  });

  it("FM-MFA-006 creates the access token when re-sent with session_code, session_id and session_uuid", async () => {
    const { user, agent } = await emailUser();
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    const code = await lastMailedCode(t.database.db, user.email);
    const res = await agent.post("/account/tokens", { ...newToken, ...sessionFields(meta, code) });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ data: { token: string } }>().data.token).toMatch(/^nf_pat_/);
  });

  it("FM-MFA-008 keeps the challenge usable after a wrong code; the right code then works", async () => {
    const { user, agent } = await emailUser();
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    const code = await lastMailedCode(t.database.db, user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    const bad = await agent.post("/account/tokens", { ...newToken, ...sessionFields(meta, wrong) });
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad)).toEqual({
      code: "CONFIRMATION_FAILED",
      message: "The authentication code is not valid.",
      source: "session_code",
    });
    const good = await agent.post("/account/tokens", { ...newToken, ...sessionFields(meta, code) });
    expect(good.statusCode).toBe(201);
  });

  it("refuses an e-mailed code used once already", async () => {
    const { user, agent } = await emailUser();
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    const fields = sessionFields(meta, await lastMailedCode(t.database.db, user.email));
    expect((await agent.post("/account/tokens", { ...newToken, ...fields })).statusCode).toBe(201);
    const again = await agent.post("/account/tokens", { ...newToken, ...fields });
    expect(again.statusCode).toBe(422);
    expect(firstError(again)?.message).toBe(
      "The authentication code has expired. Request a new one.",
    );
  });

  it("refuses a code of a challenge issued for another route", async () => {
    const { user, agent } = await emailUser();
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    const fields = sessionFields(meta, await lastMailedCode(t.database.db, user.email));
    const res = await agent.put("/api/user/password", {
      current_password: user.password,
      password: "a brand new passphrase",
      password_confirmation: "a brand new passphrase",
      ...fields,
    });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.code).toBe("CONFIRMATION_FAILED");
  });

  it("refuses the right code once the challenge has expired", async () => {
    const { user, agent } = await emailUser();
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    await t.database.db
      .update(mfaChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mfaChallenges.id, meta.session_uuid));
    const code = await lastMailedCode(t.database.db, user.email);
    const res = await agent.post("/account/tokens", { ...newToken, ...sessionFields(meta, code) });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.message).toBe(
      "The authentication code has expired. Request a new one.",
    );
  });

  it("spends a challenge after too many wrong codes", async () => {
    const { user, agent } = await emailUser();
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    const code = await lastMailedCode(t.database.db, user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < MFA_LIMITS.maxAttempts; i++) {
      const bad = await agent.post("/account/tokens", {
        ...newToken,
        ...sessionFields(meta, wrong),
      });
      expect(firstError(bad)?.message).toBe("The authentication code is not valid.");
    }
    const res = await agent.post("/account/tokens", { ...newToken, ...sessionFields(meta, code) });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.message).toBe(
      "The authentication code has expired. Request a new one.",
    );
  });

  it("checks concurrent wrong codes on one challenge one by one, up to its limit", async () => {
    const { secret, agent } = await totpUser();
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    const right = await totpCode(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        agent.post("/account/tokens", { ...newToken, ...sessionFields(meta, wrong) }),
      ),
    );
    const messages = answers.map((res) => firstError(res)?.message);
    expect(messages.filter((m) => m === "The authentication code is not valid.")).toHaveLength(
      MFA_LIMITS.maxAttempts,
    );
    expect(
      messages.filter((m) => m === "The authentication code has expired. Request a new one."),
    ).toHaveLength(40 - MFA_LIMITS.maxAttempts);
  });

  it("limits the challenges a user is sent in a day", async () => {
    const { agent } = await totpUser();
    for (let i = 0; i < MFA_LIMITS.maxChallengesPerDay; i++) {
      mfaRequired(await agent.post("/account/tokens", newToken));
    }
    const res = await agent.post("/account/tokens", newToken);
    expect(res.statusCode).toBe(429);
    expect(firstError(res)?.message).toMatch(
      /^Too many authentication codes were asked for today\. Try again in \d+ (minutes|seconds)\.$/,
    );
  });

  it("limits the wrong codes a user may enter in a day, over all challenges", async () => {
    const { secret, agent } = await totpUser();
    const right = await totpCode(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    let wrongCodes = 0;
    while (wrongCodes < MFA_LIMITS.maxCodeChecksPerDay) {
      const meta = mfaRequired(await agent.post("/account/tokens", newToken));
      for (
        let i = 0;
        i < MFA_LIMITS.maxAttempts && wrongCodes < MFA_LIMITS.maxCodeChecksPerDay;
        i++
      ) {
        const bad = await agent.post("/account/tokens", {
          ...newToken,
          ...sessionFields(meta, wrong),
        });
        expect(firstError(bad)?.message).toBe("The authentication code is not valid.");
        wrongCodes++;
      }
    }
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    const res = await agent.post("/account/tokens", {
      ...newToken,
      ...sessionFields(meta, await totpCode(secret, 1)),
    });
    expect(res.statusCode).toBe(429);
    expect(firstError(res)?.message).toMatch(/^Too many wrong authentication codes today\./);
  });

  it("limits the codes e-mailed to a user within the window", async () => {
    const { agent } = await emailUser();
    for (let i = 0; i < MFA_LIMITS.maxEmailsPerWindow; i++) {
      mfaRequired(await agent.post("/account/tokens", newToken));
    }
    const res = await agent.post("/account/tokens", newToken);
    expect(res.statusCode).toBe(429);
    expect(firstError(res)?.code).toBe("TOO_MANY_REQUESTS");
  });
});

describe("TOTP and recovery codes", () => {
  it("accepts a TOTP code once: the same time step is refused the second time", async () => {
    const { agent, secret } = await totpUser();
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    expect(meta.mfa_method).toBe("totp");
    const code = await totpCode(secret, 1);
    const ok = await agent.post("/account/tokens", { ...newToken, ...sessionFields(meta, code) });
    expect(ok.statusCode).toBe(201);
    const next = mfaRequired(await agent.post("/account/tokens", newToken));
    const replay = await agent.post("/account/tokens", {
      ...newToken,
      ...sessionFields(next, code),
    });
    expect(replay.statusCode).toBe(422);
    expect(firstError(replay)?.message).toBe("The authentication code is not valid.");
  });

  it("accepts a recovery code instead of a TOTP code, once", async () => {
    const { agent, recoveryCodes } = await totpUser();
    expect(recoveryCodes).toHaveLength(MFA_LIMITS.recoveryCodeCount);
    const recovery = recoveryCodes[0]!;
    expect(recovery).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
    const meta = mfaRequired(await agent.post("/account/tokens", newToken));
    const ok = await agent.post("/account/tokens", {
      ...newToken,
      ...sessionFields(meta, recovery),
    });
    expect(ok.statusCode).toBe(201);
    const status = await agent.get("/api/mfa");
    expect(status.json<{ data: unknown }>().data).toEqual({
      mfa_type: "totp",
      mandatory: false,
      recovery_codes_left: MFA_LIMITS.recoveryCodeCount - 1,
    });
    const next = mfaRequired(await agent.post("/account/tokens", newToken));
    const again = await agent.post("/account/tokens", {
      ...newToken,
      ...sessionFields(next, recovery),
    });
    expect(again.statusCode).toBe(422);
  });
});

describe("sign-in with a second factor", () => {
  it("FM-MFA-016 asks a user with an mfa_type for the second factor, then signs in", async () => {
    const user = await f.user({ company });
    await setUserMfa(t.database.db, user.id, "email");
    const agent = new TestAgent(t.app);
    const credentials = { email: user.email, password: user.password };
    const first = await agent.post("/account/sign-in", credentials);
    const meta = mfaRequired(first);
    expect(agent.cookies.has(COOKIES.access)).toBe(false);
    const code = await lastMailedCode(t.database.db, user.email);
    const wrong = code === "000000" ? "111111" : "000000";
    const bad = await agent.post("/account/sign-in", {
      ...credentials,
      ...sessionFields(meta, wrong),
    });
    expect(bad.statusCode).toBe(422);
    expect(agent.cookies.has(COOKIES.access)).toBe(false);
    const res = await agent.post("/account/sign-in", {
      ...credentials,
      ...sessionFields(meta, code),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { location: "/management/devices" } });
    expect((await agent.get("/api/user")).statusCode).toBe(200);
  });

  it("checks the password before the second factor", async () => {
    const user = await f.user({ company });
    await setUserMfa(t.database.db, user.id, "email");
    const res = await new TestAgent(t.app).post("/account/sign-in", {
      email: user.email,
      password: "not the password",
    });
    expect(res.statusCode).toBe(401);
    expect(firstError(res)?.code).toBe("INVALID_CREDENTIALS");
  });
});
