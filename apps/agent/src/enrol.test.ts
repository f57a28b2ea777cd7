import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENROL_PATH } from "@netfleet/contracts/device-protocol";
import { EnrolRefused, enrol, retryAfterMs } from "./enrol";

/** A stand-in server answering each enrolment with the next of `answers`. */
let answers: { status: number; body: unknown; headers?: Record<string, string> }[] = [];
const seen: { at: number; url: string; body: Record<string, unknown> }[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      seen.push({
        at: Date.now(),
        url: req.url!,
        body: JSON.parse(text) as Record<string, unknown>,
      });
      const answer = answers.shift() ?? { status: 500, body: {} };
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const identity = { serial: "1100012345", mac: "00:1E:42:00:00:01", model: "RUTX11" };
const enrolled = {
  success: true,
  data: { device_id: 3, secret: "s", protocol: 1, mqtt_url: "mqtt://127.0.0.1:1884" },
};
const refusal = (code: string, message: string, source?: string) => ({
  success: false,
  errors: [{ code, message, source }],
});

describe("enrolling", () => {
  it("posts the identity with the token to the enrolment path and answers the credentials", async () => {
    answers = [{ status: 201, body: enrolled }];
    seen.length = 0;
    const answer = await enrol(
      { ...identity, firmware: "RUTX_R_00.07.09.1" },
      { server: `${base}/`, token: "nf_enr_x" },
    );
    expect(answer).toEqual(enrolled.data);
    expect(seen).toMatchObject([
      {
        url: ENROL_PATH,
        body: { token: "nf_enr_x", ...identity, firmware: "RUTX_R_00.07.09.1", protocol: 1 },
      },
    ]);
  });

  it("waits as long as a 429 says, holding back every enrolment of the fleet", async () => {
    answers = [
      {
        status: 429,
        body: refusal("TOO_MANY_REQUESTS", "Slow down"),
        headers: { "retry-after": "1" },
      },
      { status: 201, body: enrolled },
    ];
    seen.length = 0;
    const gate = { until: 0 };
    const retries: string[] = [];
    await enrol(identity, {
      server: base,
      token: "t",
      gate,
      onRetry: (reason) => retries.push(reason),
    });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(gate.until).toBeGreaterThanOrEqual(seen[0]!.at + 950);
    expect(retries).toEqual(["rate limited"]);
  });

  it("tries again after a server error or an unreachable server", async () => {
    answers = [
      { status: 503, body: {} },
      { status: 201, body: enrolled },
    ];
    seen.length = 0;
    const retries: string[] = [];
    await enrol(identity, {
      server: base,
      token: "t",
      maxWaitMs: 50,
      onRetry: (reason) => retries.push(reason),
    });
    expect(retries).toEqual(["server error 503"]);

    // A port nobody listens on any more.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const abort = new AbortController();
    const failures: string[] = [];
    const unreachable = enrol(identity, {
      server: `http://127.0.0.1:${port}`,
      token: "t",
      maxWaitMs: 20,
      signal: abort.signal,
      onRetry: (reason) => {
        failures.push(reason);
        if (failures.length === 3) abort.abort(new Error("given up"));
      },
    });
    await expect(unreachable).rejects.toThrow("given up");
    expect(failures[0]).toMatch(/ECONNREFUSED/);
  });

  it("gives up at once on a refused token or serial, with the server's words", async () => {
    answers = [
      { status: 401, body: refusal("UNAUTHORIZED", "The enrolment token is not valid.", "token") },
    ];
    const refused = await enrol(identity, { server: base, token: "bad" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EnrolRefused);
    expect(refused).toMatchObject({
      message: "The enrolment token is not valid.",
      status: 401,
      source: "token",
    });

    answers = [{ status: 409, body: refusal("CONFLICT", "Registered already.", "serial") }];
    await expect(enrol(identity, { server: base, token: "t" })).rejects.toMatchObject({
      status: 409,
      source: "serial",
    });
  });

  it("refuses an answer that is not an enrolment", async () => {
    answers = [{ status: 201, body: { hello: "world" } }];
    await expect(enrol(identity, { server: base, token: "t" })).rejects.toThrow(
      `${base}${ENROL_PATH} did not answer a device enrolment`,
    );
  });

  it("reads Retry-After as seconds or as a date", () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(retryAfterMs("3", now)).toBe(3_000);
    expect(retryAfterMs(new Date(now + 5_000).toUTCString(), now)).toBe(5_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs("soon", now)).toBeNull();
  });
});
