import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personalAccessTokens, sessions, users } from "../../db/schema";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { AUTH_CACHE_MS } from "./authenticate";

/**
 * A credential's answer is reused briefly. What another server writes (it shares the
 * database, not this server's memory) must still take effect within AUTH_CACHE_MS.
 */

let t: TestApp;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp();
  company = await factories(t.database.db).company();
});
afterAll(() => t.close());

/** Asks until the answer is `status`; how long that took, in ms. */
async function untilStatus(ask: () => Promise<{ statusCode: number }>, status: number) {
  const started = Date.now();
  while ((await ask()).statusCode !== status) {
    if (Date.now() - started > 5000) throw new Error(`never answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

describe("credentials checked by another server", () => {
  it.each([
    {
      change: "a session revoked",
      status: 401,
      write: (id: number) =>
        t.database.db
          .update(sessions)
          .set({ revokedAt: sql`now()` })
          .where(eq(sessions.userId, id)),
    },
    {
      change: "a user disabled",
      status: 403,
      write: (id: number) =>
        t.database.db
          .update(users)
          .set({ disabledAt: sql`now()` })
          .where(eq(users.id, id)),
    },
  ])("refuse $change in the database within a second", async ({ status, write }) => {
    const { user, agent } = await signedInAgent(t, { company });
    expect((await agent.get("/api/user")).statusCode).toBe(200);
    await write(user.id);
    expect(await untilStatus(() => agent.get("/api/user"), status)).toBeLessThanOrEqual(
      AUTH_CACHE_MS + 300,
    );
  });
});

describe("personal access tokens", () => {
  async function script() {
    const { user, agent } = await signedInAgent(t, { company });
    const created = await agent.post("/account/tokens", { name: "script", scopes: ["users:read"] });
    expect(created.statusCode, created.body).toBe(201);
    const { id, token } = created.json<{ data: { id: number; token: string } }>().data;
    const caller = new TestAgent(t.app);
    return {
      user,
      id,
      ask: () => caller.get("/api/user", { authorization: `Bearer ${token}` }),
    };
  }
  const lastUsed = async (id: number) =>
    (
      await t.database.db
        .select({ at: personalAccessTokens.lastUsedAt })
        .from(personalAccessTokens)
        .where(eq(personalAccessTokens.id, id))
    )[0]!.at;
  const setLastUsed = (id: number, ago: string) =>
    t.database.db
      .update(personalAccessTokens)
      .set({ lastUsedAt: sql`now() - ${ago}::interval` })
      .where(eq(personalAccessTokens.id, id));

  it.each([
    { change: "revoked", set: { revokedAt: sql`now()` } },
    { change: "expired", set: { expiresAt: sql`now() - interval '1 second'` } },
  ])("are refused once $change in the database, within a second", async ({ set }) => {
    const { id, ask } = await script();
    expect((await ask()).statusCode).toBe(200);
    await t.database.db
      .update(personalAccessTokens)
      .set(set)
      .where(eq(personalAccessTokens.id, id));
    expect(await untilStatus(ask, 401)).toBeLessThanOrEqual(AUTH_CACHE_MS + 300);
  });

  it("record their use at most once a minute, so a busy script does not write on every call", async () => {
    const { id, ask } = await script();
    expect(await lastUsed(id)).toBeNull();
    expect((await ask()).statusCode).toBe(200);
    expect(Date.now() - (await lastUsed(id))!.getTime()).toBeLessThan(10_000);

    await setLastUsed(id, "30 seconds");
    const recent = await lastUsed(id);
    await new Promise((resolve) => setTimeout(resolve, AUTH_CACHE_MS + 50));
    expect((await ask()).statusCode).toBe(200);
    expect(await lastUsed(id)).toEqual(recent);

    await setLastUsed(id, "2 minutes");
    await new Promise((resolve) => setTimeout(resolve, AUTH_CACHE_MS + 50));
    expect((await ask()).statusCode).toBe(200);
    expect(Date.now() - (await lastUsed(id))!.getTime()).toBeLessThan(10_000);
  });

  it("speak for a disabled user no more", async () => {
    const { user, ask } = await script();
    await t.database.db
      .update(users)
      .set({ disabledAt: sql`now()` })
      .where(eq(users.id, user.id));
    expect(await untilStatus(ask, 403)).toBeLessThanOrEqual(AUTH_CACHE_MS + 300);
  });
});
