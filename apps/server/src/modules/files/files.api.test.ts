import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";

let t: TestApp;
let f: ReturnType<typeof factories>;
let company: TestCompany;
let admin: TestAgent;

type ErrorBody = { errors: { code: string; source: string; message: string }[] };

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  company = await f.company();
  admin = (await signedInAgent(t, { company, role: "admin" })).agent;
});
afterAll(() => t.close());

describe("GET /api/files", () => {
  it("FM-CALL-022 SH-SEARCH-028 accepts type firmware or config and answers the list envelope, empty until files exist", async () => {
    for (const type of ["firmware", "config"]) {
      const res = await admin.get(
        `/api/files?type=${type}&q=rut&limit=10&search-fields=name,email`,
      );
      expect(res.statusCode, type).toBe(200);
      expect(res.json(), type).toEqual({ success: true, data: [], meta: { total: 0 } });
      expectMatchesReference("GET", "/api/files", 200, res.json());
    }
  });

  it("checks its query as the other lists do", async () => {
    const cases = [
      ["type=image", "type"],
      ["limit=abc", "limit"],
      ["search-fields=email", "search-fields"],
      ["sort=owner", "sort"],
    ] as const;
    for (const [query, source] of cases) {
      const res = await admin.get(`/api/files?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json<ErrorBody>().errors[0]?.source, query).toBe(source);
    }
  });

  it("refuses roles without view_files", async () => {
    expect(
      (await (await signedInAgent(t, { company, role: "end_user" })).agent.get("/api/files"))
        .statusCode,
    ).toBe(200);
    const res = await (
      await signedInAgent(t, { company, role: "read_only" })
    ).agent.get("/api/files");
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().errors[0]?.code).toBe("FORBIDDEN");
  });
});
