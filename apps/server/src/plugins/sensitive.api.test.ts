import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestAgent } from "../test/agent";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { factories, type TestCompany } from "../test/factories";
import {
  agePasswordConfirmation,
  firstError,
  mfaRequired,
  setUserMfa,
} from "../modules/mfa/mfa-test-kit";
import { liftSessionFields } from "./sensitive";

let t: TestApp;
let f: ReturnType<typeof factories>;
let company: TestCompany;

beforeAll(async () => {
  t = await buildTestApp({ PASSWORD_CONFIRMATION_SECONDS: "60" });
  f = factories(t.database.db);
  company = await f.company();
});
afterAll(() => t.close());

function fakeRequest(body: unknown, query: unknown): FastifyRequest {
  return { body, query } as FastifyRequest;
}

describe("liftSessionFields", () => {
  it("takes the session fields out of the body and the query string", () => {
    const body = { name: "ci", session_code: " 123456 ", session_uuid: "u" };
    const query = { session_id: "u", page: "1" };
    const lifted = liftSessionFields(fakeRequest(body, query));
    expect(lifted).toEqual({ session_code: "123456", session_uuid: "u", session_id: "u" });
    expect(body).toEqual({ name: "ci" });
    expect(query).toEqual({ page: "1" });
  });

  it("reads a multipart field's value and ignores bodies that are not objects", () => {
    const body = { session_code: { value: "654321" }, file: { filename: "a.csv" } };
    expect(liftSessionFields(fakeRequest(body, {}))).toEqual({ session_code: "654321" });
    expect(body).toEqual({ file: { filename: "a.csv" } });
    expect(liftSessionFields(fakeRequest(["session_code"], undefined))).toBeNull();
  });
});

describe("sensitive routes", () => {
  it("asks for the password once the confirmation window has passed, before the factor", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    await setUserMfa(t.database.db, user.id, "email");
    await agePasswordConfirmation(t.database.db, user.id);
    const locked = await agent.delete("/api/mfa");
    expect(locked.statusCode).toBe(423);
    expect(firstError(locked)?.code).toBe("PASSWORD_CONFIRMATION_REQUIRED");
    await agent.post("/api/password-confirmation", { password: user.password });
    mfaRequired(await agent.delete("/api/mfa"));
  });

  it("does not ask a user without a second factor for a code", async () => {
    const user = await f.user({ company });
    const agent = new TestAgent(t.app);
    await agent.signIn(user.email, user.password);
    const res = await agent.post("/account/tokens", { name: "x", scopes: ["devices:read"] });
    expect(res.statusCode).toBe(201);
  });
});
