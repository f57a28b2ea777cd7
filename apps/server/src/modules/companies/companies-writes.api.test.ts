import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { Company } from "@netfleet/contracts/schemas/companies";
import { signedInAgent, type TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { creditsRepo } from "../credits/credits.repo";
import { expectMatchesReference } from "../../test/reference-api";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let north: TestCompany;
let northShop: TestCompany;
let south: TestCompany;
let elsewhere: TestCompany;
let rootAdmin: TestAgent;
let northAdmin: TestAgent;

type CompanyBody = { data: Company; message?: string };
type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };

const errorsOf = (res: LightMyRequestResponse) => res.json<ErrorBody>().errors;
const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });
const DATE = expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as unknown as string;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Acme Root", showPayment: true });
  north = await f.company({ name: "Acme North", parent: root });
  northShop = await f.company({ name: "Acme North Shop", parent: north });
  south = await f.company({ name: "Acme South", parent: root });
  elsewhere = await f.company({ name: "Elsewhere Group" });
  rootAdmin = (await signedInAgent(t, { company: root })).agent;
  northAdmin = (await signedInAgent(t, { company: north })).agent;
});
afterAll(() => t.close());

describe("POST /api/companies", () => {
  it("FM-CALL-025 creates a subsidiary one level below its parent, inside the parent's tree", async () => {
    const res = await rootAdmin.post("/api/companies", {
      name: "  Acme East ",
      parent_id: root.id,
    });
    expect(res.statusCode).toBe(201);
    expectMatchesReference("POST", "/api/companies", 201, res.json());
    const body = res.json<CompanyBody>();
    expect(body.message).toBe("Company created successfully");
    expect(body.data).toEqual({
      id: expect.any(Number),
      name: "Acme East",
      parent_id: root.id,
      parent_name: "Acme Root",
      level: 2,
      devices_count: 0,
      users_count: 0,
      subsidiaries_count: 0,
      credits_left: 0,
      packs_left: 0,
      remaining_data: 0,
      payment_type: "free",
      show_payment: false,
      created_at: DATE,
    });
    expect((await rootAdmin.get(`/api/companies/${body.data.id}`)).json()).toEqual({
      success: true,
      data: body.data,
    });
    // Created under north, the company joins north's tree (its path follows its parent's).
    const deep = await rootAdmin.post("/api/companies", {
      name: "Acme North Depot",
      parent_id: north.id,
    });
    expect(deep.json<CompanyBody>().data).toMatchObject({ level: 3, parent_name: "Acme North" });
    const seen = await northAdmin.get(`/api/companies/${deep.json<CompanyBody>().data.id}`);
    expect(seen.statusCode).toBe(200);
    expect((await northAdmin.get(`/api/companies/${body.data.id}`)).statusCode).toBe(404);
  });

  it("FM-ENTITY-051 D14 gives a top-level company's user payment controls, off unless chosen", async () => {
    const plain = await rootAdmin.post("/api/companies", {
      name: "No Payment",
      parent_id: root.id,
    });
    expect(plain.json<CompanyBody>().data.show_payment).toBe(false);
    const paying = await rootAdmin.post("/api/companies", {
      name: "With Payment",
      parent_id: root.id,
      show_payment: true,
    });
    expect(paying.json<CompanyBody>().data.show_payment).toBe(true);
  });

  it("D14 refuses payment controls to others, whose new company follows its parent", async () => {
    const refused = await northAdmin.post("/api/companies", {
      name: "North Pay",
      parent_id: north.id,
      show_payment: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused)[0]).toMatchObject({ code: "FORBIDDEN", source: "show_payment" });
    const payingParent = await f.company({ name: "Paying", parent: root, showPayment: true });
    const payingAdmin = (await signedInAgent(t, { company: payingParent })).agent;
    const child = await payingAdmin.post("/api/companies", {
      name: "Paying Child",
      parent_id: payingParent.id,
    });
    expect(child.json<CompanyBody>().data.show_payment).toBe(true);
    const northChild = await northAdmin.post("/api/companies", {
      name: "North Child",
      parent_id: north.id,
    });
    expect(northChild.json<CompanyBody>().data.show_payment).toBe(false);
  });

  it("FM-ENTITY-024 refuses a level-3 company as a parent", async () => {
    const res = await rootAdmin.post("/api/companies", {
      name: "Too Deep",
      parent_id: northShop.id,
    });
    expect(res.statusCode).toBe(422);
    expectMatchesReference("POST", "/api/companies", 422, res.json());
    expect(errorsOf(res)).toEqual([
      {
        code: "VALIDATION_FAILED",
        source: "parent_id",
        message: "A company of level 3 cannot have subsidiaries.",
      },
    ]);
  });

  it("requires a name of 3 to 200 characters and a parent", async () => {
    const empty = await rootAdmin.post("/api/companies", {});
    expect(empty.statusCode).toBe(422);
    expect(errorsOf(empty).map((e) => [e.source, e.message])).toEqual([
      ["name", "Company name is required"],
      ["parent_id", "Company is required"],
    ]);
    const short = await rootAdmin.post("/api/companies", { name: " ab ", parent_id: root.id });
    expect(errorsOf(short)[0]?.message).toBe("Company name must be at least 3 characters");
    const long = await rootAdmin.post("/api/companies", {
      name: "a".repeat(201),
      parent_id: root.id,
    });
    expect(errorsOf(long)[0]?.message).toBe("Company name can be at most 200 characters");
  });

  it("answers a parent outside the caller's tree exactly as a missing one", async () => {
    const missing = answer(
      await northAdmin.post("/api/companies", { name: "Nowhere", parent_id: 2_147_483_647 }),
    );
    expect(missing).toEqual({
      status: 404,
      body: {
        success: false,
        errors: [{ code: "NOT_FOUND", source: "parent_id", message: "No such company." }],
      },
    });
    for (const other of [south, root, elsewhere]) {
      const res = await northAdmin.post("/api/companies", { name: "Nowhere", parent_id: other.id });
      expect(answer(res), other.name).toEqual(missing);
    }
  });
});

describe("GET /api/companies/{id}", () => {
  it("shows a company of the caller's tree with its parent and counts, as RMS does", async () => {
    await f.device({ company: northShop });
    const res = await northAdmin.get(`/api/companies/${north.id}`);
    expect(res.statusCode).toBe(200);
    expectMatchesReference("GET", `/api/companies/${north.id}`, 200, res.json());
    expect(res.json<CompanyBody>().data).toMatchObject({
      id: north.id,
      name: "Acme North",
      parent_id: root.id,
      parent_name: "Acme Root",
      level: 2,
      users_count: 1,
      devices_count: 0,
    });
    const shop = (await northAdmin.get(`/api/companies/${northShop.id}`)).json<CompanyBody>();
    expect(shop.data).toMatchObject({ level: 3, devices_count: 1, subsidiaries_count: 0 });
  });

  it("FM-ENTITY-023 shows a company's credits, credit packs, data and payment type", async () => {
    const credits = creditsRepo(t.database.db);
    const [given, bought] = await credits.insertTypes([
      { code: "entity_free", name: "Given", paymentType: "free" },
      { code: "entity_paid", name: "Bought", paymentType: "paid" },
    ]);
    await credits.insertBalances([
      { companyId: south.id, creditTypeId: given!.id, creditsCount: 10, creditsLeft: 4 },
      { companyId: south.id, creditTypeId: bought!.id, creditsCount: 5, creditsLeft: 0 },
    ]);
    const free = (await rootAdmin.get(`/api/companies/${south.id}`)).json<CompanyBody>().data;
    expect(free).toMatchObject({
      id: south.id,
      name: "Acme South",
      level: 2,
      parent_id: root.id,
      credits_left: 4,
      packs_left: 1,
      remaining_data: 0,
      payment_type: "free",
      show_payment: false,
    });

    await credits.insertBalances([
      { companyId: northShop.id, creditTypeId: bought!.id, creditsCount: 5, creditsLeft: 3 },
    ]);
    const paid = (await rootAdmin.get(`/api/companies/${northShop.id}`)).json<CompanyBody>();
    expectMatchesReference("GET", `/api/companies/${northShop.id}`, 200, paid);
    expect(paid.data).toMatchObject({ credits_left: 3, packs_left: 1, payment_type: "paid" });
  });

  it("answers a company outside the tree, its parent too, as a missing one", async () => {
    const missing = answer(await northAdmin.get("/api/companies/2147483647"));
    expect(missing.status).toBe(404);
    for (const other of [root, south, elsewhere])
      expect(answer(await northAdmin.get(`/api/companies/${other.id}`))).toEqual(missing);
  });
});

describe("PUT /api/companies/{id}", () => {
  it("renames a company and sets, keeps or clears its e-mail", async () => {
    const company = await f.company({ name: "Old Name", parent: root });
    const res = await rootAdmin.put(`/api/companies/${company.id}`, {
      name: " New Name ",
      email: "office@example.com",
    });
    expect(res.statusCode).toBe(200);
    expectMatchesReference("PUT", `/api/companies/${company.id}`, 200, res.json());
    expect(res.json<CompanyBody>()).toMatchObject({
      message: "Company updated successfully",
      data: { id: company.id, name: "New Name", email: "office@example.com" },
    });
    const kept = await rootAdmin.put(`/api/companies/${company.id}`, { name: "Newer Name" });
    expect(kept.json<CompanyBody>().data).toMatchObject({ email: "office@example.com" });
    const cleared = await rootAdmin.put(`/api/companies/${company.id}`, {
      name: "Newer Name",
      email: null,
    });
    expect(cleared.json<CompanyBody>().data).not.toHaveProperty("email");
  });

  it("FM-VALID-003 refuses saving the name unchanged with the toast's sentence", async () => {
    const company = await f.company({ name: "Same Name", parent: root });
    const res = await rootAdmin.put(`/api/companies/${company.id}`, { name: " Same Name " });
    expect(res.statusCode).toBe(422);
    expectMatchesReference("PUT", `/api/companies/${company.id}`, 422, res.json());
    expect(errorsOf(res)).toEqual([
      {
        code: "VALIDATION_FAILED",
        source: "name",
        message: "Please input different value to save changes",
      },
    ]);
    // A new e-mail alone is a change.
    const email = await rootAdmin.put(`/api/companies/${company.id}`, {
      name: "Same Name",
      email: "a@example.com",
    });
    expect(email.statusCode).toBe(200);
  });

  it("refuses a short name and a company outside the tree", async () => {
    const short = await northAdmin.put(`/api/companies/${north.id}`, { name: "ab" });
    expect(errorsOf(short)[0]).toMatchObject({ source: "name", message: expect.any(String) });
    const missing = answer(await northAdmin.put("/api/companies/2147483647", { name: "Taken" }));
    expect(missing.status).toBe(404);
    for (const other of [root, south, elsewhere]) {
      const res = await northAdmin.put(`/api/companies/${other.id}`, { name: "Taken" });
      expect(answer(res)).toEqual(missing);
    }
    expect((await rootAdmin.get(`/api/companies/${south.id}`)).json<CompanyBody>().data.name).toBe(
      "Acme South",
    );
  });
});
