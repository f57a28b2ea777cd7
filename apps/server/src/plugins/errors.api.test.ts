import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { TestAgent } from "../test/agent";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { factories } from "../test/factories";

let t: TestApp;
let port: number;
let admin: TestAgent;
let anonymous: TestAgent;

beforeAll(async () => {
  t = await buildTestApp();
  // Requests Node's HTTP parser refuses never reach app.inject: they need a real socket.
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
  const f = factories(t.database.db);
  const user = await f.user({ company: await f.company(), role: "super_admin" });
  admin = new TestAgent(t.app);
  await admin.signIn(user.email, user.password);
  anonymous = new TestAgent(t.app);
});
afterAll(() => t.close());

const envelope = (code: string, message: string) => ({
  success: false,
  errors: [{ code, message, source: null }],
});

function expectEnvelope(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toContain("application/json");
  expect(res.json()).toEqual(envelope(code, message));
}

/** Sends bytes as they are and reads the whole answer until the server closes. */
function rawRequest(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    // The server closes at once; an answer already read still counts.
    socket.on("error", () => undefined);
    socket.on("close", () => {
      const [head = "", body = ""] = answer.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head, body });
    });
  });
}

describe("errors the router raises before any route runs", () => {
  it("answers a path part over 100 characters with 414 in the envelope", async () => {
    for (const caller of [admin, anonymous]) {
      const res = await caller.get(`/api/tags/${"7".repeat(101)}`);
      expectEnvelope(res, 414, "BAD_REQUEST", "A part of the address is too long.");
      expect(String(res.headers["x-request-id"])).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("answers a broken percent-encoding in the path with 400 in the envelope", async () => {
    for (const caller of [admin, anonymous]) {
      const res = await caller.get("/api/tags/%E0%A4%A");
      expectEnvelope(
        res,
        400,
        "BAD_REQUEST",
        "The address contains an invalid percent-encoded character.",
      );
    }
  });
});

describe("errors in reading the body", () => {
  it("answers a body shorter or longer than its Content-Length with 400 in the envelope", async () => {
    for (const length of ["5", "500"]) {
      const res = await admin.request("PUT", "/account/user", '{"tos_accepted":true}', {
        "content-type": "application/json",
        "content-length": length,
      });
      expectEnvelope(
        res,
        400,
        "BAD_REQUEST",
        "The request body is not as long as its Content-Length header says.",
      );
    }
  });

  it("answers a malformed or missing content type with 415 in the envelope", async () => {
    for (const contentType of [";;;", ""]) {
      const res = await admin.request("PUT", "/account/user", "{}", {
        "content-type": contentType,
      });
      expectEnvelope(
        res,
        415,
        "UNSUPPORTED_MEDIA_TYPE",
        "This content type is not accepted here; send application/json.",
      );
    }
  });
});

describe("requests Node's HTTP parser refuses", () => {
  it("answers request headers over the size limit with 431 in the envelope", async () => {
    const res = await rawRequest(
      `GET /api/tags HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toEqual(
      envelope("BAD_REQUEST", "The request headers are too large."),
    );
  });

  it("answers an unknown method, a malformed header or request line with 400 in the envelope", async () => {
    for (const request of [
      "BREW /api/tags HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "GET /api/tags HTTP/1.1\r\nHost: localhost\r\nNot A Header\r\n\r\n",
      "GET api/tags HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "POST /account/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ]) {
      const res = await rawRequest(request);
      expect(res.status, request).toBe(400);
      expect(JSON.parse(res.body), request).toEqual(
        envelope("BAD_REQUEST", "The request is not valid HTTP."),
      );
    }
  });

  it("answers a method no route serves with 404 in the envelope", async () => {
    const res = await t.app.inject({ method: "OPTIONS", url: "/api/tags" });
    expectEnvelope(res, 404, "NOT_FOUND", "No route matches OPTIONS /api/tags.");
  });
});
