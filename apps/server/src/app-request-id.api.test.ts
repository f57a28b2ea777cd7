import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestAgent } from "./test/agent";
import { buildTestApp, type TestApp } from "./test/build-test-app";

let t: TestApp;
let caller: TestAgent;

beforeAll(async () => {
  t = await buildTestApp();
  caller = new TestAgent(t.app);
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the X-Request-Id header", () => {
  it("echoes a caller's short, plain request id", async () => {
    for (const id of ["trace-me-123", "a", "00f1:span.42_x-y", "x".repeat(64)]) {
      const res = await caller.get("/healthz", { "x-request-id": id });
      expect(res.headers["x-request-id"], id).toBe(id);
    }
  });

  it("replaces an overlong or unusual request id with one of its own", async () => {
    for (const id of [
      "x".repeat(65),
      "a".repeat(5000),
      "two words",
      "<script>alert(1)</script>",
      "id/with/slashes",
      "\u00e9t\u00e9",
    ]) {
      const res = await caller.get("/healthz", { "x-request-id": id });
      expect(String(res.headers["x-request-id"]), id).toMatch(UUID);
    }
  });

  it("creates a request id when the caller sends none, a new one each time", async () => {
    const first = String((await caller.get("/healthz")).headers["x-request-id"]);
    const second = String((await caller.get("/healthz")).headers["x-request-id"]);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });
});
