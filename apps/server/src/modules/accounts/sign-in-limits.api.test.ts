import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SIGNIN_RATE_LIMIT_IP: "3" });
});
afterAll(() => t.close());

describe("sign-in rate limit per IP address", () => {
  it("answers 429 with a readable message and Retry-After once an address exceeds the limit", async () => {
    const f = factories(t.database.db);
    const user = await f.user({ company: await f.company() });
    const attacker = new TestAgent(t.app, { remoteAddress: "203.0.113.7" });
    for (let i = 0; i < 3; i++) {
      const res = await attacker.post("/account/sign-in", {
        email: `guess${i}@example.com`,
        password: "guess-guess",
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await attacker.post("/account/sign-in", {
      email: user.email,
      password: user.password,
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      success: false,
      errors: [
        {
          code: "TOO_MANY_REQUESTS",
          message: expect.stringMatching(/^Too many attempts\. Try again in .+\.$/),
          source: null,
        },
      ],
    });
    // The same account from another address is served.
    const other = new TestAgent(t.app, { remoteAddress: "198.51.100.9" });
    expect(
      (await other.post("/account/sign-in", { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(200);
  });
});
