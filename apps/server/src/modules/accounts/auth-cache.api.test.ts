import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions, users } from "../../db/schema";
import { signedInAgent } from "../../test/agent";
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
