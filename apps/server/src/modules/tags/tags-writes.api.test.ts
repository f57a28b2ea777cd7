import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TagListItem } from "@netfleet/contracts/schemas/tags";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";
import { expectMatchesReference } from "../../test/reference-api";

let t: TestApp;
let f: ReturnType<typeof factories>;
let root: TestCompany;
let north: TestCompany;
let south: TestCompany;
let northAdmin: TestAgent;

type TagBody = { data: TagListItem; message?: string };
type ErrorBody = { errors: { code: string; source: string | null; message: string }[] };

const errorsOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().errors;

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Writes Root" });
  north = await f.company({ name: "Writes North", parent: root });
  south = await f.company({ name: "Writes South", parent: root });
  northAdmin = (await signedInAgent(t, { company: north })).agent;
});
afterAll(() => t.close());

describe("POST /api/tags", () => {
  it("creates a tag in a company of the caller's tree and answers it as the list does", async () => {
    const res = await northAdmin.post("/api/tags", {
      company_id: north.id,
      name: "  Roof units ",
      description: "On the roof",
      color: "#A1B2C3",
    });
    expect(res.statusCode).toBe(201);
    expectMatchesReference("POST", "/api/tags", 201, res.json());
    const body = res.json<TagBody>();
    expect(body.message).toBe("Tag created successfully");
    expect(body.data).toEqual({
      id: expect.any(Number),
      name: "Roof units",
      description: "On the roof",
      color: "#a1b2c3",
      company_id: north.id,
      company_name: "Writes North",
      devices_count: 0,
      actions: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    const listed = (await northAdmin.get("/api/tags?q=roof")).json<{ data: TagListItem[] }>();
    expect(listed.data.map((tag) => tag.id)).toEqual([body.data.id]);
  });

  it("FM-VALID-024 requires company and name, and leaves colour and description optional", async () => {
    const missing = await northAdmin.post("/api/tags", { description: "nothing else" });
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toEqual(
      expect.arrayContaining([
        { code: "VALIDATION_FAILED", source: "company_id", message: "Company is required" },
        { code: "VALIDATION_FAILED", source: "name", message: "Name is required" },
      ]),
    );
    const blank = await northAdmin.post("/api/tags", { company_id: north.id, name: "   " });
    expect(errorsOf(blank)).toEqual([
      { code: "VALIDATION_FAILED", source: "name", message: "Name is required" },
    ]);
    const bare = await northAdmin.post("/api/tags", { company_id: north.id, name: "Bare" });
    expect(bare.statusCode).toBe(201);
    expect(bare.json<TagBody>().data).not.toHaveProperty("description");
    expect(bare.json<TagBody>().data).not.toHaveProperty("color");
  });

  it("FM-VALID-028 refuses names with forbidden characters, long fields and odd colours", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "a/b" }, "name"],
      [{ name: "x".repeat(51) }, "name"],
      [{ name: "Long text", description: "d".repeat(256) }, "description"],
      [{ name: "Bad colour", color: "blue" }, "color"],
    ];
    for (const [fields, source] of cases) {
      const res = await northAdmin.post("/api/tags", { company_id: north.id, ...fields });
      expect(res.statusCode).toBe(422);
      expect(errorsOf(res).map((error) => error.source)).toEqual([source]);
    }
    const fine = await northAdmin.post("/api/tags", { company_id: north.id, name: "x".repeat(50) });
    expect(fine.statusCode).toBe(201);
  });

  it("answers 409 on a name the company already uses, and allows it in another company", async () => {
    await f.tag({ company: north, name: "Kiosk" });
    const again = await northAdmin.post("/api/tags", { company_id: north.id, name: "Kiosk" });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again)).toEqual([
      {
        code: "CONFLICT",
        source: "name",
        message: "A tag with this name already exists in this company.",
      },
    ]);
    const rootAdmin = (await signedInAgent(t, { company: root })).agent;
    const elsewhere = await rootAdmin.post("/api/tags", { company_id: root.id, name: "Kiosk" });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("answers 404 for a company outside the caller's tree", async () => {
    const res = await northAdmin.post("/api/tags", { company_id: south.id, name: "Sneaky" });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res)[0]).toMatchObject({ code: "NOT_FOUND", source: "company_id" });
  });

  it("is refused to anonymous callers and to roles without create_tags", async () => {
    const anonymous = await new TestAgent(t.app).post("/api/tags", {
      company_id: north.id,
      name: "Nobody",
    });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ["read_only", "readonly_admin"] as const) {
      const res = await (
        await signedInAgent(t, { company: north, role })
      ).agent.post("/api/tags", { company_id: north.id, name: `By ${role}` });
      expect(res.statusCode).toBe(403);
    }
    const endUser = (await signedInAgent(t, { company: north, role: "end_user" })).agent;
    const created = await endUser.post("/api/tags", { company_id: north.id, name: "By client" });
    expect(created.statusCode).toBe(201);
    const superAdmin = (await signedInAgent(t, { company: root, role: "super_admin" })).agent;
    const anywhere = await superAdmin.post("/api/tags", { company_id: south.id, name: "Global" });
    expect(anywhere.statusCode).toBe(201);
  });
});

describe("GET, PUT and DELETE /api/tags/:id", () => {
  it("shows one tag of the caller's tree, and 404 for a tag of another branch", async () => {
    const own = await f.tag({ company: north, name: "Shown", description: "Visible" });
    const other = await f.tag({ company: south, name: "Hidden" });
    const res = await northAdmin.get(`/api/tags/${own.id}`);
    expect(res.statusCode).toBe(200);
    expectMatchesReference("GET", `/api/tags/${own.id}`, 200, res.json());
    expect(res.json<TagBody>().data).toMatchObject({
      id: own.id,
      name: "Shown",
      description: "Visible",
      company_name: "Writes North",
    });
    expect((await northAdmin.get(`/api/tags/${other.id}`)).statusCode).toBe(404);
    expect(
      (
        await (
          await signedInAgent(t, { company: north, role: "read_only" })
        ).agent.get(`/api/tags/${own.id}`)
      ).statusCode,
    ).toBe(200);
  });

  it("changes only the fields sent, clears with null, and keeps the tag in its company", async () => {
    const tag = await f.tag({
      company: north,
      name: "Before",
      description: "Old",
      color: "#111111",
    });
    const res = await northAdmin.put(`/api/tags/${tag.id}`, { name: "After", color: null });
    expect(res.statusCode).toBe(200);
    expectMatchesReference("PUT", `/api/tags/${tag.id}`, 200, res.json());
    expect(res.json<TagBody>()).toMatchObject({
      message: "Tag updated successfully",
      data: { id: tag.id, name: "After", description: "Old" },
    });
    expect(res.json<TagBody>().data).not.toHaveProperty("color");
    const same = await northAdmin.put(`/api/tags/${tag.id}`, {
      company_id: north.id,
      description: null,
    });
    expect(same.json<TagBody>().data).toMatchObject({ name: "After" });
    expect(same.json<TagBody>().data).not.toHaveProperty("description");
    const moved = await northAdmin.put(`/api/tags/${tag.id}`, { company_id: root.id });
    expect(moved.statusCode).toBe(422);
    expect(errorsOf(moved)[0]).toMatchObject({ source: "company_id" });
    const after = (await northAdmin.get(`/api/tags/${tag.id}`)).json<TagBody>().data;
    expect(after.company_id).toBe(north.id);
  });

  it("refuses an update to a name in use, a bad field, another branch's tag and guests", async () => {
    await f.tag({ company: north, name: "Taken" });
    const tag = await f.tag({ company: north, name: "Free" });
    const taken = await northAdmin.put(`/api/tags/${tag.id}`, { name: "Taken" });
    expect(taken.statusCode).toBe(409);
    expect(errorsOf(taken)[0]).toMatchObject({ code: "CONFLICT", source: "name" });
    const invalid = await northAdmin.put(`/api/tags/${tag.id}`, { name: "semi;colon" });
    expect(invalid.statusCode).toBe(422);
    expect(errorsOf(invalid)[0]?.source).toBe("name");
    const other = await f.tag({ company: south, name: "Theirs" });
    expect((await northAdmin.put(`/api/tags/${other.id}`, { name: "Mine" })).statusCode).toBe(404);
    const guest = (await signedInAgent(t, { company: north, role: "readonly_admin" })).agent;
    expect((await guest.put(`/api/tags/${tag.id}`, { name: "Guest" })).statusCode).toBe(403);
    expect((await new TestAgent(t.app).put(`/api/tags/${tag.id}`, {})).statusCode).toBe(401);
  });

  it("deletes a tag for holders of delete_tags only, 404 outside the tree", async () => {
    const tag = await f.tag({ company: north, name: "Doomed" });
    const other = await f.tag({ company: south, name: "Safe" });
    expect(
      (
        await (
          await signedInAgent(t, { company: north, role: "end_user" })
        ).agent.delete(`/api/tags/${tag.id}`)
      ).statusCode,
    ).toBe(403);
    expect((await new TestAgent(t.app).delete(`/api/tags/${tag.id}`)).statusCode).toBe(401);
    expect((await northAdmin.delete(`/api/tags/${other.id}`)).statusCode).toBe(404);
    const res = await northAdmin.delete(`/api/tags/${tag.id}`);
    expect(res.statusCode).toBe(200);
    expectMatchesReference("DELETE", `/api/tags/${tag.id}`, 200, res.json());
    expect(res.json()).toEqual({ success: true, message: "Tag deleted successfully" });
    expect((await northAdmin.get(`/api/tags/${tag.id}`)).statusCode).toBe(404);
  });

  it("serves bearer tokens with tags:write for writes, not with tags:read alone", async () => {
    const token = async (scopes: string[]) =>
      (await northAdmin.post("/account/tokens", { name: scopes.join(" "), scopes })).json<{
        data: { token: string };
      }>().data.token;
    const reader = await token(["tags:read"]);
    const writer = await token(["tags:write"]);
    const create = (bearer: string) =>
      new TestAgent(t.app).post(
        "/api/tags",
        { company_id: north.id, name: `Token ${bearer.slice(-6)}` },
        { authorization: `Bearer ${bearer}` },
      );
    expect((await create(reader)).statusCode).toBe(403);
    expect((await create(writer)).statusCode).toBe(201);
  });
});
