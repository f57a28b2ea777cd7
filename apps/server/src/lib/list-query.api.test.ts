import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEnvelope } from "@netfleet/contracts/envelope";
import {
  SEARCH_CATEGORY_DEFINITIONS,
  SEARCH_QUERY,
  searchResultItemSchema,
} from "@netfleet/contracts/schemas/search";
import { TestAgent } from "../test/agent";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { factories } from "../test/factories";

/** The global search: one call per category, each with the console's exact query. */

let t: TestApp;
let admin: TestAgent;

const consoleQuery = (q: string) =>
  new URLSearchParams({
    q,
    limit: "10",
    "search-fields": SEARCH_QUERY.searchFields.join(","),
    fields: SEARCH_QUERY.fields.join(","),
  }).toString();

const endpoints = Object.values(SEARCH_CATEGORY_DEFINITIONS).flatMap((c) =>
  c.endpoint ? [c.endpoint] : [],
);

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  const company = await f.company({ name: "Harbour Logistics" });
  await f.device({ company, name: "harbour-gw", status: 0 });
  await f.tag({ company, name: "harbour cranes", color: "#ff8800" });
  await f.user({ company, email: "harbour.ops@example.com", role: "end_user" });
  const user = await f.user({ company, role: "admin" });
  admin = new TestAgent(t.app);
  await admin.signIn(user.email, user.password);
});
afterAll(() => t.close());

describe("global search calls", () => {
  it("SH-HTTP-022 serves every search category at its RMS path", () => {
    expect(endpoints).toEqual([
      "/devices",
      "/companies",
      "/devices/remote-access",
      "/vpn/hubs",
      "/tags",
      "/users",
      "/files",
    ]);
    const served = t.app.declaredRoutes.filter((r) => r.method === "GET").map((r) => r.url);
    for (const endpoint of endpoints) expect(served).toContain(`/api${endpoint}`);
  });

  it("SH-HTTP-023 SH-SEARCH-028 answers the console's query (q, limit 10, search-fields name,email, fields) with data and meta.total on every category", async () => {
    const envelope = listEnvelope(searchResultItemSchema.strict());
    for (const endpoint of endpoints) {
      const res = await admin.get(`/api${endpoint}?${consoleQuery("harbour")}`);
      expect(res.statusCode, endpoint).toBe(200);
      const body = envelope.parse(res.json());
      expect(body.meta.total, endpoint).toBe(body.data.length);
    }
  });

  it("SH-SEARCH-029 gives each category's rows id and name plus the field search shows", async () => {
    const rows = async (endpoint: string) =>
      (await admin.get(`/api${endpoint}?${consoleQuery("harbour")}`)).json<{
        data: Record<string, unknown>[];
      }>().data;
    expect(await rows("/devices")).toEqual([
      { id: expect.any(Number), name: "harbour-gw", status: 0 },
    ]);
    expect(await rows("/companies")).toEqual([
      { id: expect.any(Number), name: "Harbour Logistics" },
    ]);
    // Tags keep `actions` whatever `fields` says, so the row can mark tags that have some.
    expect(await rows("/tags")).toEqual([
      { id: expect.any(Number), name: "harbour cranes", color: "#ff8800", actions: [] },
    ]);
    expect(await rows("/users")).toEqual([
      { id: expect.any(Number), email: "harbour.ops@example.com" },
    ]);
  });
});
