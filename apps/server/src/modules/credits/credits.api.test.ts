import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CompanyData, CreditsSummary } from "@netfleet/contracts/schemas/credits";
import { companies, companyCredits, creditTypes } from "../../db/schema";
import { signedInAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";

let t: TestApp;
let f: ReturnType<typeof factories>;
let parent: TestCompany;
let child: TestCompany;
let other: TestCompany;

const GB = 1024 ** 3;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  parent = await f.company({ name: "Credit Parent" });
  child = await f.company({ name: "Credit Child", parent });
  other = await f.company({ name: "Credit Other" });
  const db = t.database.db;
  const [remote, data] = await db
    .insert(creditTypes)
    .values([
      { code: "remote_access", name: "Remote access", paymentType: "paid" },
      { code: "data", name: "Data", paymentType: "free" },
    ])
    .returning({ id: creditTypes.id });
  await db.insert(companyCredits).values([
    { companyId: parent.id, creditTypeId: remote!.id, creditsCount: 100, creditsLeft: 42 },
    { companyId: parent.id, creditTypeId: data!.id, creditsCount: 10, creditsLeft: 3 },
    { companyId: child.id, creditTypeId: data!.id, creditsCount: 5, creditsLeft: 5 },
  ]);
  await db
    .update(companies)
    .set({ remainingData: 150 * GB })
    .where(eq(companies.id, parent.id));
});
afterAll(() => t.close());

describe("GET /api/credits/summary", () => {
  it("lists the company's credit types with credits left, in RMS field names", async () => {
    const agent = (await signedInAgent(t, { company: parent, role: "end_user" })).agent;
    const res = await agent.get("/api/credits/summary");
    expect(res.statusCode).toBe(200);
    expectMatchesReference("GET", "/api/credits/summary", 200, res.json());
    expect(res.json<{ data: CreditsSummary }>().data).toEqual({
      company_id: parent.id,
      credits: {
        left: [
          {
            credit_type_id: expect.any(Number),
            credit_type: "remote_access",
            credits_left: 42,
            credit_type_name: "Remote access",
            payment_type: "paid",
          },
          {
            credit_type_id: expect.any(Number),
            credit_type: "data",
            credits_left: 3,
            credit_type_name: "Data",
            payment_type: "free",
          },
        ],
        total: [
          { credit_type: "remote_access", credits_count: 100 },
          { credit_type: "data", credits_count: 10 },
        ],
      },
    });
  });

  it("is the caller's own company unless company_id names another one in its tree", async () => {
    const childUser = (await signedInAgent(t, { company: child, role: "end_user" })).agent;
    const own = (await childUser.get("/api/credits/summary")).json<{ data: CreditsSummary }>();
    expect(own.data.credits.left.map((c) => [c.credit_type, c.credits_left])).toEqual([
      ["data", 5],
    ]);
    expect((await childUser.get(`/api/credits/summary?company_id=${parent.id}`)).statusCode).toBe(
      404,
    );

    const parentUser = (await signedInAgent(t, { company: parent, role: "end_user" })).agent;
    const ofChild = await parentUser.get(`/api/credits/summary?company_id=${child.id}`);
    expect(ofChild.json<{ data: CreditsSummary }>().data.company_id).toBe(child.id);
    expect((await parentUser.get(`/api/credits/summary?company_id=${other.id}`)).statusCode).toBe(
      404,
    );
    const none = (
      await (
        await signedInAgent(t, { company: other, role: "admin" })
      ).agent.get("/api/credits/summary")
    ).json<{
      data: CreditsSummary;
    }>();
    expect(none.data.credits).toEqual({ left: [], total: [] });
  });

  it("needs view_credits_summary", async () => {
    const res = await (
      await signedInAgent(t, { company: parent, role: "read_only" })
    ).agent.get("/api/credits/summary");
    expect(res.statusCode).toBe(403);
  });
});

describe("GET /api/companies/data", () => {
  it("D6 answers the company data remaining in bytes to holders of view_company_data_history", async () => {
    const admin = (await signedInAgent(t, { company: parent, role: "admin" })).agent;
    const res = await admin.get("/api/companies/data");
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: CompanyData }>().data).toEqual({
      company_id: parent.id,
      remaining_data: 150 * GB,
    });
    const ofChild = await admin.get(`/api/companies/data?company_id=${child.id}`);
    expect(ofChild.json<{ data: CompanyData }>().data).toEqual({
      company_id: child.id,
      remaining_data: 0,
    });
    expect((await admin.get(`/api/companies/data?company_id=${other.id}`)).statusCode).toBe(404);
    const support = (await signedInAgent(t, { company: other, role: "support" })).agent;
    expect((await support.get(`/api/companies/data?company_id=${parent.id}`)).statusCode).toBe(200);
  });

  it("D6 refuses the figure to an end user, who may still read the credit list", async () => {
    const endUser = (await signedInAgent(t, { company: parent, role: "end_user" })).agent;
    expect((await endUser.get("/api/companies/data")).statusCode).toBe(403);
    expect((await endUser.get("/api/credits/summary")).statusCode).toBe(200);
  });
});
