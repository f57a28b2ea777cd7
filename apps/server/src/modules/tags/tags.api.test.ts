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
let rootAdmin: TestAgent;
let northAdmin: TestAgent;

type ListBody = { data: TagListItem[]; meta: { total: number } };
type ErrorBody = { errors: { code: string; source: string; message: string }[] };
const names = (body: ListBody) => body.data.map((tag) => tag.name);

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  root = await f.company({ name: "Tag Root" });
  north = await f.company({ name: "Tag North", parent: root });
  const northShop = await f.company({ name: "Tag North Shop", parent: north });
  south = await f.company({ name: "Tag South", parent: root });
  await f.tag({ company: root, name: "Core", color: "#000000" });
  await f.tag({
    company: north,
    name: "Cold 50% stores",
    color: "#4287f5",
    description: "Freezers",
  });
  await f.tag({ company: north, name: "Cool 500 stores", color: null });
  await f.tag({ company: northShop, name: "shop_floor" });
  await f.tag({ company: south, name: "shopxfloor" });
  rootAdmin = (await signedInAgent(t, { company: root })).agent;
  northAdmin = (await signedInAgent(t, { company: north })).agent;
});
afterAll(() => t.close());

describe("GET /api/tags", () => {
  it("FM-CALL-014 lists the tags of a company and its subsidiaries, never a sibling's", async () => {
    const body = (await northAdmin.get("/api/tags?sort=name")).json<ListBody>();
    expect(names(body)).toEqual(["Cold 50% stores", "Cool 500 stores", "shop_floor"]);
    expect(body.meta.total).toBe(3);
    const fromRoot = (await rootAdmin.get("/api/tags")).json<ListBody>();
    expectMatchesReference("GET", "/api/tags", 200, fromRoot);
    expect(fromRoot.meta.total).toBe(5);
  });

  it("describes each tag as RMS does; no device carries tags and no tag has actions yet", async () => {
    const body = (await northAdmin.get("/api/tags?q=freezer&search-fields=name")).json<ListBody>();
    expect(body.meta.total).toBe(0);
    const [tag] = (await northAdmin.get("/api/tags?q=cold 50%25")).json<ListBody>().data;
    expect(tag).toEqual({
      id: expect.any(Number),
      name: "Cold 50% stores",
      description: "Freezers",
      color: "#4287f5",
      company_id: north.id,
      company_name: "Tag North",
      devices_count: 0,
      actions: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
  });

  it("searches names case-insensitively, treating % and _ as text", async () => {
    expect(names((await rootAdmin.get("/api/tags?q=50%25")).json<ListBody>())).toEqual([
      "Cold 50% stores",
    ]);
    expect(names((await rootAdmin.get("/api/tags?q=p_f")).json<ListBody>())).toEqual([
      "shop_floor",
    ]);
    expect(names((await rootAdmin.get("/api/tags?q=CO&sort=name")).json<ListBody>())).toEqual([
      "Cold 50% stores",
      "Cool 500 stores",
      "Core",
    ]);
  });

  it("SH-HTTP-023 SH-SEARCH-029 answers the console's search with id, name, colour and actions", async () => {
    const res = await northAdmin.get(
      "/api/tags?q=stores&limit=10&search-fields=name,email&fields=id,name,status,email,protocol,enabled,color&sort=name",
    );
    expect(res.json<{ data: unknown[] }>().data).toEqual([
      { id: expect.any(Number), name: "Cold 50% stores", color: "#4287f5", actions: [] },
      // No colour: the key is absent, never null (as in RMS).
      { id: expect.any(Number), name: "Cool 500 stores", actions: [] },
    ]);
    const refused = await northAdmin.get("/api/tags?q=stores&search-fields=email");
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors[0]).toMatchObject({
      code: "VALIDATION_FAILED",
      source: "search-fields",
      message: expect.stringContaining("name") as string,
    });
  });

  it("filters by ids and by a company of the caller's tree, answering 404 for any other", async () => {
    const body = (
      await rootAdmin.get(`/api/tags?company_id=${north.id}&sort=name`)
    ).json<ListBody>();
    expect(names(body)).toEqual(["Cold 50% stores", "Cool 500 stores"]);
    const ids = body.data.map((tag) => tag.id).join(",");
    expect((await rootAdmin.get(`/api/tags?id=${ids}`)).json<ListBody>().meta.total).toBe(2);
    const outside = await northAdmin.get(`/api/tags?company_id=${south.id}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json<ErrorBody>().errors[0]?.source).toBe("company_id");
  });

  it("pages, counts and sorts, by RMS's device_count too, refusing unknown sort fields", async () => {
    const page = (await rootAdmin.get("/api/tags?sort=name&limit=2&offset=3")).json<ListBody>();
    expect(names(page)).toEqual(["shop_floor", "shopxfloor"]);
    expect(page.meta.total).toBe(5);
    const byCount = await rootAdmin.get("/api/tags?sort=-device_count,id");
    expect(byCount.statusCode).toBe(200);
    expect(byCount.json<ListBody>().data[0]?.name).toBe("Core");
    const refused = await rootAdmin.get("/api/tags?sort=secret");
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ErrorBody>().errors[0]?.source).toBe("sort");
  });

  it("serves every role holding view_tags, and tokens only with the tags:read scope", async () => {
    const guest = (await signedInAgent(t, { company: north, role: "read_only" })).agent;
    expect((await guest.get("/api/tags")).json<ListBody>().meta.total).toBe(3);
    const create = async (scopes: string[]) =>
      (await rootAdmin.post("/account/tokens", { name: scopes.join(" "), scopes })).json<{
        data: { token: string };
      }>().data.token;
    const withScope = await create(["tags:read"]);
    const withoutScope = await create(["devices:read"]);
    const bearer = (token: string) =>
      new TestAgent(t.app).get("/api/tags", { authorization: `Bearer ${token}` });
    expect((await bearer(withScope)).statusCode).toBe(200);
    const refused = await bearer(withoutScope);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().errors[0]?.code).toBe("INSUFFICIENT_SCOPE");
  });
});
