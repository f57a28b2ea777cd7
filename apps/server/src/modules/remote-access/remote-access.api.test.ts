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
  await f.device({ company, name: "rut-remote" });
  admin = (await signedInAgent(t, { company, role: "admin" })).agent;
});
afterAll(() => t.close());

describe("GET /api/devices/remote-access", () => {
  it("FM-CALL-016 SH-SEARCH-028 answers the list envelope, empty until remote access exists", async () => {
    const res = await admin.get(
      "/api/devices/remote-access?q=rut&limit=10&search-fields=name,email&fields=id,name,protocol&device_id=1,2",
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [], meta: { total: 0 } });
    expectMatchesReference("GET", "/api/devices/remote-access", 200, res.json());
  });

  it("checks its query as the other lists do", async () => {
    const cases = [
      ["limit=1000", "limit"],
      ["search-fields=email", "search-fields"],
      ["sort=password", "sort"],
      ["device_id=abc", "device_id"],
    ] as const;
    for (const [query, source] of cases) {
      const res = await admin.get(`/api/devices/remote-access?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json<ErrorBody>().errors[0]?.source, query).toBe(source);
    }
  });

  it("serves end users and refuses roles without view_device_remote_access", async () => {
    expect(
      (
        await (
          await signedInAgent(t, { company, role: "end_user" })
        ).agent.get("/api/devices/remote-access")
      ).statusCode,
    ).toBe(200);
    const res = await (
      await signedInAgent(t, { company, role: "read_only" })
    ).agent.get("/api/devices/remote-access");
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().errors[0]?.code).toBe("FORBIDDEN");
  });
});
