import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAgent, TestAgent } from "../../test/agent";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories } from "../../test/factories";

let t: TestApp;
let agent: TestAgent;

beforeAll(async () => {
  t = await buildTestApp();
  const f = factories(t.database.db);
  const company = await f.company();
  await f.device({ company, name: "scripted-gw" });
  ({ agent } = await signedInAgent(t, { company, role: "admin" }));
});
afterAll(() => t.close());

type TokenBody = { data: { id: number; token?: string; prefix: string; scopes: string[] } };

describe("personal access tokens", () => {
  it("shows the secret once, lists tokens without it, and stops working when revoked", async () => {
    const created = await agent.post("/account/tokens", {
      name: "inventory script",
      scopes: ["devices:read"],
      expires_in_days: 30,
    });
    expect(created.statusCode).toBe(201);
    const { id, token, prefix } = created.json<TokenBody>().data;
    expect(token).toMatch(/^nf_pat_[A-Za-z0-9_-]{43}$/);
    expect(token!.startsWith(prefix)).toBe(true);

    const list = (await agent.get("/account/tokens")).json<{ data: Record<string, unknown>[] }>();
    expect(list.data.find((x) => x.id === id)).toMatchObject({
      name: "inventory script",
      scopes: ["devices:read"],
    });
    expect(JSON.stringify(list)).not.toContain(token!);

    const script = new TestAgent(t.app, { headers: { authorization: `Bearer ${token!}` } });
    const devices = await script.get("/api/devices");
    expect(devices.statusCode).toBe(200);
    expect(devices.json<{ data: { name: string }[] }>().data.map((d) => d.name)).toContain(
      "scripted-gw",
    );
    const mail = await script.get("/api/mail-logs");
    expect(mail.statusCode).toBe(403);

    expect((await agent.delete(`/account/tokens/${id}`)).statusCode).toBe(200);
    expect((await script.get("/api/devices")).statusCode).toBe(401);
    expect((await agent.delete(`/account/tokens/${id}`)).statusCode).toBe(404);
  });

  it("cannot manage tokens with a token", async () => {
    const { token } = (
      await agent.post("/account/tokens", { name: "t", scopes: ["devices:read", "system:write"] })
    ).json<TokenBody>().data;
    const res = await new TestAgent(t.app).post(
      "/account/tokens",
      { name: "child", scopes: ["devices:read"] },
      { authorization: `Bearer ${token!}` },
    );
    expect(res.statusCode).toBe(403);
  });

  it("rejects unknown scopes and empty names with field errors", async () => {
    const res = await agent.post("/account/tokens", { name: " ", scopes: ["devices:destroy"] });
    expect(res.statusCode).toBe(422);
    const sources = res.json<{ errors: { source: string }[] }>().errors.map((e) => e.source);
    expect(sources).toEqual(expect.arrayContaining(["name", "scopes.0"]));
  });

  it("does not let one user revoke another user's token", async () => {
    const { id } = (
      await agent.post("/account/tokens", { name: "mine", scopes: ["devices:read"] })
    ).json<TokenBody>().data;
    const f = factories(t.database.db);
    const other = await f.user({ company: await f.company() });
    const otherAgent = new TestAgent(t.app);
    await otherAgent.signIn(other.email, other.password);
    expect((await otherAgent.delete(`/account/tokens/${id}`)).statusCode).toBe(404);
  });
});
