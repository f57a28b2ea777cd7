import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_VERSION } from "@netfleet/contracts/constants";
import { buildTestApp, type TestApp } from "../../test/build-test-app";

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const probe = () => t.app.inject({ method: "GET", url: "/healthz" });

describe("GET /healthz", () => {
  it("answers many probes at once while the database answers, as JSON, without cookies", async () => {
    const answers = await Promise.all(Array.from({ length: 32 }, probe));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.json()).toEqual({
        status: "ok",
        version: APP_VERSION,
        database: t.database.kind,
      });
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("answers 503 to every probe once the database is gone, and says so", async () => {
    await t.database.close();
    const answers = await Promise.all(Array.from({ length: 8 }, probe));
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: "unavailable",
        version: APP_VERSION,
        database: t.database.kind,
      });
    }
  });
});
