import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestAgent } from "./test/agent";
import { buildTestApp, type TestApp } from "./test/build-test-app";
import { factories } from "./test/factories";

let t: TestApp;
let dist: string;
let admin: TestAgent;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "netfleet-dist-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(
    path.join(dist, "index.html"),
    "<!doctype html><title>Netfleet</title><div id=root></div>",
  );
  fs.writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
  t = await buildTestApp({ WEB_DIST_DIR: dist, BODY_LIMIT: "2048" });
  const f = factories(t.database.db);
  const user = await f.user({ company: await f.company(), role: "super_admin" });
  admin = new TestAgent(t.app);
  await admin.signIn(user.email, user.password);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const firstError = (body: string) =>
  (JSON.parse(body) as { errors: { code: string; message: string }[] }).errors[0];

describe("the error envelope", () => {
  it("answers unknown API routes with 404 in the envelope", async () => {
    const res = await admin.get("/api/no-such-thing");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      errors: [
        { code: "NOT_FOUND", message: "No route matches GET /api/no-such-thing.", source: null },
      ],
    });
    expect((await admin.post("/api/no-such-thing", {})).statusCode).toBe(404);
  });

  it("refuses a body over the limit with 413", async () => {
    const res = await admin.put("/account/user", { tos_accepted: true, padding: "x".repeat(4096) });
    expect(res.statusCode).toBe(413);
    expect(firstError(res.body)?.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses malformed JSON with 400 and an unsupported content type with 415", async () => {
    const bad = await admin.request("PUT", "/account/user", "{not json", {
      "content-type": "application/json",
    });
    expect(bad.statusCode).toBe(400);
    expect(firstError(bad.body)).toMatchObject({
      code: "BAD_REQUEST",
      message: "The request body is not valid JSON.",
    });
    const xml = await admin.request("PUT", "/account/user", "<x/>", {
      "content-type": "application/xml",
    });
    expect(xml.statusCode).toBe(415);
    expect(firstError(xml.body)?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
});

describe("the console pages", () => {
  it("serves index.html for page loads of console and account routes", async () => {
    for (const url of [
      "/",
      "/management/devices",
      "/account/sign-in?continue_url=%2F",
      "/some/unknown/page",
    ]) {
      const res = await admin.get(url, { accept: "text/html" });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<title>Netfleet</title>");
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("serves hashed assets with a long cache life", async () => {
    const res = await admin.get("/assets/app-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("sends a content security policy that allows only this origin's scripts", async () => {
    const res = await admin.get("/management/devices");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("operations endpoints", () => {
  it("reports health with the database kind", async () => {
    const res = await admin.get("/healthz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", version: "5.15.0" });
  });

  it("exposes Prometheus metrics including request durations by route", async () => {
    await admin.get("/api/user");
    // From this machine: without METRICS_TOKEN only loopback callers are served.
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(res.body).toMatch(
      /netfleet_http_request_duration_seconds_count\{method="GET",route="\/api\/user",status_code="200"\} \d+/,
    );
  });

  it("echoes or creates a request id", async () => {
    const given = await admin.get("/healthz", { "x-request-id": "trace-me-123" });
    expect(given.headers["x-request-id"]).toBe("trace-me-123");
    const made = await admin.get("/healthz");
    expect(String(made.headers["x-request-id"])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("publishes OpenAPI generated from the route schemas", async () => {
    const res = await admin.get("/api/docs/json");
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/user", "/api/devices", "/account/sign-in"]),
    );
    expect(JSON.stringify(doc.paths["/api/devices"])).toContain('"limit"');
    const ui = await admin.get("/api/docs", { accept: "text/html" });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
