import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  STORAGE_MAX_KEYS_PER_USER,
  STORAGE_VALUE_MAX_BYTES,
  type StorageEntry,
} from "@netfleet/contracts/schemas/storage";
import { userStorage } from "../../db/schema";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories, type TestCompany } from "../../test/factories";

let t: TestApp;
let f: ReturnType<typeof factories>;
let company: TestCompany;

type ListBody = { data: StorageEntry[]; meta: { total: number } };
type ErrorBody = { errors: { code: string; message: string; source: string | null }[] };

const firstError = (body: string) => (JSON.parse(body) as ErrorBody).errors[0];

beforeAll(async () => {
  t = await buildTestApp();
  f = factories(t.database.db);
  company = await f.company();
});
afterAll(() => t.close());

/** Rows written straight to the table, for limits that would take hundreds of calls. */
async function seed(userId: number, count: number, prefix = "seeded") {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    key: `${prefix}.${String(i).padStart(3, "0")}`,
    value: { i },
  }));
  await t.database.db.insert(userStorage).values(rows);
}

async function list(agent: TestAgent, query = "?limit=100"): Promise<ListBody> {
  const res = await agent.get(`/api/storage${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>();
}

describe("GET /api/storage", () => {
  it("FM-CALL-006 FM-ENTITY-041 answers data as a list of key and value, sorted by key", async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    await agent.post("/api/storage", { key: "wideNav", value: false });
    await agent.post("/api/storage", { key: "searchCategories", value: ["devices", "tags"] });
    await agent.post("/api/storage", { key: "table.devices", value: { sort: "-name", size: 25 } });

    const body = await list(agent, "?limit=100");
    expect(body).toEqual({
      success: true,
      data: [
        { key: "searchCategories", value: ["devices", "tags"] },
        { key: "table.devices", value: { sort: "-name", size: 25 } },
        { key: "wideNav", value: false },
      ],
      meta: { total: 3 },
    });
  });

  it("FM-CALL-006 pages a hundred at a time by default, and no more than a hundred", async () => {
    const { user, agent } = await signedInAgent(t, { company, role: "end_user" });
    await seed(user.id, 105);
    const first = await list(agent, "");
    expect(first.data).toHaveLength(100);
    expect(first.meta.total).toBe(105);
    expect(first.data[0]?.key).toBe("seeded.000");
    const rest = await list(agent, "?limit=100&offset=100");
    expect(rest.data.map((e) => e.key)).toEqual([
      "seeded.100",
      "seeded.101",
      "seeded.102",
      "seeded.103",
      "seeded.104",
    ]);
    const tooMany = await agent.get("/api/storage?limit=101");
    expect(tooMany.statusCode).toBe(422);
    expect(firstError(tooMany.body)?.source).toBe("limit");
  });

  it("gives each user only their own entries, even under the same key", async () => {
    const a = await signedInAgent(t, { company, role: "end_user" });
    const b = await signedInAgent(t, { company, role: "end_user" });
    await a.agent.post("/api/storage", { key: "wideNav", value: true });
    await b.agent.post("/api/storage", { key: "wideNav", value: false });
    await b.agent.post("/api/storage", { key: "only.b", value: 1 });

    expect((await list(a.agent)).data).toEqual([{ key: "wideNav", value: true }]);
    expect((await list(b.agent)).data).toEqual([
      { key: "only.b", value: 1 },
      { key: "wideNav", value: false },
    ]);
    // One user can neither change nor delete the other's entry.
    expect((await a.agent.put("/api/storage/wideNav", { value: "a" })).statusCode).toBe(200);
    expect((await a.agent.delete("/api/storage/only.b")).statusCode).toBe(404);
    expect((await list(b.agent)).data).toEqual([
      { key: "only.b", value: 1 },
      { key: "wideNav", value: false },
    ]);
  });

  it("is for signed-in browser sessions only", async () => {
    const anonymous = new TestAgent(t.app);
    expect((await anonymous.get("/api/storage")).statusCode).toBe(401);
    expect((await anonymous.put("/api/storage/wideNav", { value: true })).statusCode).toBe(401);

    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    const created = await agent.post("/account/tokens", {
      name: "everything",
      scopes: ["notifications:read", "system:read", "system:write", "users:read"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = {
      authorization: `Bearer ${created.json<{ data: { token: string } }>().data.token}`,
    };
    const res = await new TestAgent(t.app).get("/api/storage", bearer);
    expect(res.statusCode).toBe(403);
    expect(firstError(res.body)?.code).toBe("FORBIDDEN");
  });
});

describe("PUT /api/storage/:key", () => {
  it("FM-CALL-008 changes the value of a key that exists", async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    await agent.post("/api/storage", { key: "wideNav", value: true });
    const res = await agent.put("/api/storage/wideNav", { value: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { key: "wideNav", value: false } });
    expect((await list(agent)).data).toEqual([{ key: "wideNav", value: false }]);
  });

  it("FM-CALL-008 adds a key that is missing instead of failing (201)", async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    const res = await agent.put("/api/storage/table.devices", { value: { size: 50 } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await list(agent)).data).toEqual([{ key: "table.devices", value: { size: 50 } }]);
  });

  it("keeps every kind of JSON value exactly as sent", async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    const values: unknown[] = [
      "123",
      "true",
      "null",
      '{"a":1}',
      "",
      0,
      -1.5,
      true,
      null,
      [],
      {},
      [1, "two", { three: [null] }],
      { nested: { text: "ünïcødé ✓", list: [true, false] } },
    ];
    for (const [i, value] of values.entries()) {
      const res = await agent.put(`/api/storage/value.${String(i).padStart(2, "0")}`, { value });
      expect(res.statusCode, `${JSON.stringify(value)} ${res.body}`).toBe(201);
    }
    expect((await list(agent)).data.map((e) => e.value)).toEqual(values);
  });

  it("lets two browsers that both think a key is new set it without an error", async () => {
    const { user } = await signedInAgent(t, { company, role: "end_user" });
    const browsers = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const agent = new TestAgent(t.app);
        await agent.signIn(user.email, user.password);
        return agent;
      }),
    );
    const answers = await Promise.all(
      browsers.map((agent, i) => agent.put("/api/storage/searchCategories", { value: [i] })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const entries = (await list(browsers[0]!)).data;
    expect(entries).toHaveLength(1);
    expect(entries[0]?.key).toBe("searchCategories");
  });
});

describe("POST /api/storage", () => {
  it("FM-CALL-009 adds a new key with its value (201)", async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    const res = await agent.post("/api/storage", { key: "searchCategories", value: ["users"] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      data: { key: "searchCategories", value: ["users"] },
    });
    expect((await list(agent)).data).toEqual([{ key: "searchCategories", value: ["users"] }]);
  });

  it("FM-CALL-009 refuses a key that exists with 409, keeping the stored value", async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    await agent.post("/api/storage", { key: "wideNav", value: true });
    const res = await agent.post("/api/storage", { key: "wideNav", value: false });
    expect(res.statusCode).toBe(409);
    expect(firstError(res.body)).toMatchObject({ code: "CONFLICT", source: "key" });
    expect((await list(agent)).data).toEqual([{ key: "wideNav", value: true }]);
  });
});

describe("DELETE /api/storage/:key", () => {
  it("FM-CALL-011 removes the key, and answers 404 for a key that is not stored", async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    await agent.post("/api/storage", { key: "wideNav", value: true });
    await agent.post("/api/storage", { key: "keep", value: 1 });
    const res = await agent.delete("/api/storage/wideNav");
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(agent)).data).toEqual([{ key: "keep", value: 1 }]);

    const again = await agent.delete("/api/storage/wideNav");
    expect(again.statusCode).toBe(404);
    expect(firstError(again.body)?.code).toBe("NOT_FOUND");
  });
});

describe("storage limits", () => {
  it("refuses a malformed key with 422 naming key", async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    const answers = [
      await agent.put("/api/storage/has%20space", { value: 1 }),
      await agent.post("/api/storage", { key: "k".repeat(101), value: 1 }),
      await agent.delete("/api/storage/semi;colon"),
      await agent.post("/api/storage", { key: "", value: 1 }),
      await agent.post("/api/storage", { key: "slash/key", value: 1 }),
      await agent.post("/api/storage", { value: 1 }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(422);
      expect(firstError(res.body)).toMatchObject({ code: "VALIDATION_FAILED", source: "key" });
    }
    expect((await list(agent)).meta.total).toBe(0);
  });

  it("accepts keys with dots, colons, dashes and underscores", async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    const res = await agent.put("/api/storage/table.devices:v2-wide_1", { value: 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect((await agent.delete("/api/storage/table.devices%3Av2-wide_1")).statusCode).toBe(200);
  });

  it(`takes a value up to ${STORAGE_VALUE_MAX_BYTES} bytes of JSON and refuses a larger one with 422 naming value`, async () => {
    const { agent } = await signedInAgent(t, { company, role: "end_user" });
    // A JSON string takes its characters plus two quotes.
    const largest = "a".repeat(STORAGE_VALUE_MAX_BYTES - 2);
    expect((await agent.put("/api/storage/big", { value: largest })).statusCode).toBe(201);
    // Bytes, not characters: "é" takes two.
    const tooLarge = [
      await agent.put("/api/storage/big", { value: `${largest}a` }),
      await agent.post("/api/storage", { key: "other", value: `é${largest.slice(1)}` }),
    ];
    for (const res of tooLarge) {
      expect(res.statusCode, res.body).toBe(422);
      expect(firstError(res.body)).toMatchObject({ code: "VALIDATION_FAILED", source: "value" });
      expect(firstError(res.body)?.message).toContain(String(STORAGE_VALUE_MAX_BYTES));
    }
    const missing = await agent.put("/api/storage/big", {});
    expect(missing.statusCode).toBe(422);
    expect(firstError(missing.body)?.source).toBe("value");
    expect((await list(agent)).data).toEqual([{ key: "big", value: largest }]);
  });

  it(`keeps at most ${STORAGE_MAX_KEYS_PER_USER} keys per user, refusing the next with 409`, async () => {
    const { user, agent } = await signedInAgent(t, { company, role: "end_user" });
    await seed(user.id, STORAGE_MAX_KEYS_PER_USER - 1);
    expect((await agent.post("/api/storage", { key: "last", value: 1 })).statusCode).toBe(201);

    const refused = [
      await agent.post("/api/storage", { key: "one.more", value: 1 }),
      await agent.put("/api/storage/one.more", { value: 1 }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(firstError(res.body)?.code).toBe("CONFLICT");
      expect(firstError(res.body)?.message).toContain(String(STORAGE_MAX_KEYS_PER_USER));
    }
    // Changing a stored key is still fine, and deleting one makes room.
    expect((await agent.put("/api/storage/last", { value: 2 })).statusCode).toBe(200);
    expect((await agent.delete("/api/storage/last")).statusCode).toBe(200);
    expect((await agent.post("/api/storage", { key: "one.more", value: 1 })).statusCode).toBe(201);
  });

  it("lets only one of several simultaneous additions take the last free place", async () => {
    const { user, agent } = await signedInAgent(t, { company, role: "end_user" });
    await seed(user.id, STORAGE_MAX_KEYS_PER_USER - 1);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => agent.post("/api/storage", { key: `race.${i}`, value: i })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await list(agent, "?limit=0")).meta.total).toBe(STORAGE_MAX_KEYS_PER_USER);
  });
});
