import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app";

const TOKEN = "scrape-me-0123456789";

let open: TestApp;
let tokened: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  [open, tokened, proxied] = await Promise.all([
    buildTestApp(),
    buildTestApp({ METRICS_TOKEN: TOKEN }),
    buildTestApp({ TRUST_PROXY: "true" }),
  ]);
});
afterAll(() => Promise.all([open, tokened, proxied].map((t) => t.close())));

function scrape(t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });
}

describe("GET /metrics without METRICS_TOKEN", () => {
  it("serves a scraper on this machine, over IPv4, IPv6 and IPv4-mapped IPv6", async () => {
    for (const address of ["127.0.0.1", "127.10.0.3", "::1", "::ffff:127.0.0.1"]) {
      const res = await scrape(open, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.headers["content-type"]).toContain("text/plain");
      expect(res.body).toContain("netfleet_http_request_duration_seconds");
    }
  });

  it("refuses /metrics to a remote caller with 403 in the envelope", async () => {
    for (const address of ["10.1.2.3", "192.0.2.7", "2001:db8::1", "::ffff:10.0.0.1"]) {
      const res = await scrape(open, address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        errors: [
          {
            code: "FORBIDDEN",
            message: "Metrics are served only to this machine unless METRICS_TOKEN is set.",
            source: null,
          },
        ],
      });
      expect(res.body).not.toContain("netfleet_");
    }
  });

  it("refuses a remote caller that a proxy on this machine forwards", async () => {
    const forwarded = await scrape(proxied, "127.0.0.1", { "x-forwarded-for": "203.0.113.9" });
    expect(forwarded.statusCode).toBe(403);
    // A caller naming itself 127.0.0.1 to the proxy is still the remote address the proxy saw.
    const spoofed = await scrape(proxied, "127.0.0.1", {
      "x-forwarded-for": "127.0.0.1, 203.0.113.9",
    });
    expect(spoofed.statusCode).toBe(403);
    expect((await scrape(proxied, "127.0.0.1")).statusCode).toBe(200);
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  it("asks every caller, local or not, for the bearer token", async () => {
    for (const address of ["127.0.0.1", "10.1.2.3"]) {
      for (const authorization of [undefined, "Bearer wrong-token", TOKEN]) {
        const res = await scrape(tokened, address, authorization ? { authorization } : {});
        expect(res.statusCode, `${address} ${authorization}`).toBe(401);
        expect(res.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe("UNAUTHORIZED");
      }
    }
  });

  it("serves metrics to a caller with the right bearer token, wherever it calls from", async () => {
    for (const address of ["127.0.0.1", "10.1.2.3"]) {
      const res = await scrape(tokened, address, { authorization: `Bearer ${TOKEN}` });
      expect(res.statusCode, address).toBe(200);
      expect(res.body).toContain("netfleet_");
    }
  });
});
