import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { TestAgent } from "./agent";
import { buildTestApp, type TestApp } from "./build-test-app";
import { factories, type TestCompany } from "./factories";

/**
 * The inputs a black-box probe found answered with 500: text PostgreSQL cannot store (NUL,
 * a lone surrogate), ids beyond its integer, JSON too deep to validate and dates outside
 * its calendar. Each is refused as 422 VALIDATION_FAILED naming the field.
 */

let t: TestApp;
let company: TestCompany;
let admin: TestAgent;

const TOO_BIG = 2_147_483_648;
const NUL = "a\u0000b";

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  company = await f.company();
  const user = await f.user({ company, role: "super_admin" });
  admin = new TestAgent(t.app);
  await admin.signIn(user.email, user.password);
});
afterAll(() => t.close());

type ErrorBody = { success: false; errors: { code: string; message: string; source: string }[] };

/** A 422 whose errors name `source` with a sentence a person can read. */
function expectRefused(res: LightMyRequestResponse, source: string, message?: RegExp) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json<ErrorBody>();
  expect(body.success).toBe(false);
  const error = body.errors.find((e) => e.source === source);
  expect(error, res.body).toMatchObject({ code: "VALIDATION_FAILED" });
  if (message) expect(error!.message).toMatch(message);
}

/** A JSON text nested `depth` arrays deep, built as text: JSON.stringify would recurse. */
const deepJson = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

describe("text with a NUL character", () => {
  it("is refused in q of every list, naming q", async () => {
    for (const list of [
      "/api/tags",
      "/api/devices",
      "/api/companies",
      "/api/users",
      "/api/files",
      "/api/vpn/hubs",
      "/api/devices/remote-access",
      "/api/users/impersonation-logs",
      "/api/users/impersonable",
      "/api/admin/notices",
    ]) {
      const res = await admin.get(`${list}?q=a%00b`);
      expectRefused(res, "q", /control characters/);
    }
  });

  it("is refused in sort, fields and search-fields", async () => {
    for (const param of ["sort", "fields", "search-fields"]) {
      expectRefused(await admin.get(`/api/tags?${param}=name%00`), param, /control characters/);
    }
  });

  it("is refused in a tag's name and description", async () => {
    expectRefused(
      await admin.post("/api/tags", { company_id: company.id, name: NUL }),
      "name",
      /control characters/,
    );
    expectRefused(
      await admin.post("/api/tags", { company_id: company.id, name: "ok", description: NUL }),
      "description",
      /control characters/,
    );
  });

  it("is refused in a stored preference's value and in the keys of its objects", async () => {
    expectRefused(await admin.put("/api/storage/probe", { value: NUL }), "value");
    expectRefused(await admin.put("/api/storage/probe", { value: { [NUL]: 1 } }), "value");
    expectRefused(await admin.post("/api/storage", { key: "probe", value: [NUL] }), "value");
  });

  it("is refused in a stored preference's key", async () => {
    expectRefused(await admin.post("/api/storage", { key: NUL, value: 1 }), "key");
    expectRefused(await admin.put("/api/storage/a%00b", { value: 1 }), "key");
  });

  it("is refused in a notification's summary", async () => {
    expectRefused(
      await admin.post("/api/notifications", {
        type: "deviceAlert",
        summary: NUL,
        company_id: company.id,
      }),
      "summary",
      /control characters/,
    );
  });

  it("is refused in a personal access token's name", async () => {
    expectRefused(
      await admin.post("/account/tokens", { name: NUL, scopes: ["devices:read"] }),
      "name",
      /control characters/,
    );
  });
});

describe("a lone UTF-16 surrogate", () => {
  it("is refused in a stored preference's value", async () => {
    expectRefused(await admin.put("/api/storage/probe", { value: "a\ud800b" }), "value");
    expectRefused(await admin.put("/api/storage/probe", { value: { "\udc00": 1 } }), "value");
  });

  it("is refused in a tag's name", async () => {
    expectRefused(
      await admin.post("/api/tags", { company_id: company.id, name: "x\ud800" }),
      "name",
    );
  });
});

describe("an id beyond PostgreSQL's integer", () => {
  it("is refused in PUT /api/companies/{id}/mfa", async () => {
    expectRefused(
      await admin.put(`/api/companies/${TOO_BIG}/mfa`, { mandatory: true }),
      "id",
      /at most 2147483647/,
    );
  });

  it("is refused in POST /api/users/{id}/impersonate", async () => {
    expectRefused(await admin.post(`/api/users/${TOO_BIG}/impersonate`), "id");
  });

  it("is refused in DELETE /account/tokens/{id}", async () => {
    expectRefused(await admin.delete(`/account/tokens/${TOO_BIG}`), "id");
  });

  it("is refused in the ids of PUT /api/notifications", async () => {
    expectRefused(await admin.put("/api/notifications", { id: [TOO_BIG] }), "id.0");
  });

  it("is refused in company_id of /api/companies/data and /api/credits/summary", async () => {
    expectRefused(await admin.get(`/api/companies/data?company_id=${TOO_BIG}`), "company_id");
    expectRefused(await admin.get(`/api/credits/summary?company_id=${TOO_BIG}`), "company_id");
  });

  it("is refused in user_id and company_id of POST /api/notifications", async () => {
    const body = { type: "deviceAlert", summary: "Maintenance tonight" };
    expectRefused(await admin.post("/api/notifications", { ...body, user_id: TOO_BIG }), "user_id");
    expectRefused(
      await admin.post("/api/notifications", { ...body, company_id: TOO_BIG }),
      "company_id",
    );
  });

  it("still finds nothing, rather than failing, for an id at the top of the range", async () => {
    const res = await admin.delete("/account/tokens/2147483647");
    expect(res.statusCode, res.body).toBe(404);
  });
});

describe("JSON nested 10 000 deep in a stored preference", () => {
  it("is refused with the depth limit named, in PUT and POST", async () => {
    const put = await admin.put("/api/storage/probe", `{"value":${deepJson(10_000)}}`, {
      "content-type": "application/json",
    });
    expectRefused(put, "value", /more than 32 levels deep/);
    const post = await admin.post("/api/storage", `{"key":"probe","value":${deepJson(10_000)}}`, {
      "content-type": "application/json",
    });
    expectRefused(post, "value", /more than 32 levels deep/);
  });

  it("keeps a value nested a few levels deep", async () => {
    const res = await admin.put("/api/storage/probe", { value: { a: [{ b: [1, 2] }] } });
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});

describe("year 0 in a notice's enabled_at", () => {
  it("is refused with the years that are accepted", async () => {
    const res = await admin.post("/api/admin/notices", {
      type: "info",
      message: "Maintenance tonight",
      enabled_at: "0000-01-01T00:00:00Z",
    });
    expectRefused(res, "enabled_at", /1970/);
  });
});
