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

describe("GET /api/vpn/hubs", () => {
  it("SH-SEARCH-028 answers the list envelope, empty until VPN hubs exist", async () => {
    const res = await admin.get(
      `/api/vpn/hubs?q=hub&limit=10&search-fields=name,email&fields=id,name,enabled&enabled=1&company_id=${company.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [], meta: { total: 0 } });
    expectMatchesReference("GET", "/api/vpn/hubs", 200, res.json());
  });

  it("checks its query as the other lists do", async () => {
    const sibling = await f.company();
    const cases = [
      ["limit=-1", 422, "limit"],
      ["search-fields=email", 422, "search-fields"],
      ["sort=secret", 422, "sort"],
      ["enabled=maybe", 422, "enabled"],
      [`company_id=${sibling.id}`, 404, "company_id"],
      ["company_id=99999999999", 422, "company_id"],
    ] as const;
    for (const [query, status, source] of cases) {
      const res = await admin.get(`/api/vpn/hubs?${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(res.json<ErrorBody>().errors[0]?.source, query).toBe(source);
    }
  });

  it("refuses roles without view_vpn_hubs", async () => {
    expect(
      (await (await signedInAgent(t, { company, role: "end_user" })).agent.get("/api/vpn/hubs"))
        .statusCode,
    ).toBe(200);
    const res = await (
      await signedInAgent(t, { company, role: "read_only" })
    ).agent.get("/api/vpn/hubs");
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().errors[0]?.code).toBe("FORBIDDEN");
  });
});
