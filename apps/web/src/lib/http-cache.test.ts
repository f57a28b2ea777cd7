import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CachedAnswer,
  ExpiringLru,
  clearHttpCache,
  readHttpCache,
  writeHttpCache,
} from "./http-cache";

function answer(data: unknown): CachedAnswer {
  return { data, status: 200, statusText: "OK", headers: {} };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  clearHttpCache();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("ExpiringLru", () => {
  it("forgets the least recently used entry beyond its size; reading an entry keeps it", () => {
    const lru = new ExpiringLru<number>(2, 1_000);
    lru.set("a", 1);
    lru.set("b", 2);
    lru.get("a");
    lru.set("c", 3);

    expect([lru.get("a"), lru.get("b"), lru.get("c")]).toEqual([1, undefined, 3]);
    expect(lru.size).toBe(2);
  });

  it("forgets an entry its time-to-live after it was stored, however often it is read", () => {
    let now = 0;
    const lru = new ExpiringLru<number>(10, 1_000, () => now);
    lru.set("a", 1);
    now = 999;
    expect(lru.get("a")).toBe(1);
    now = 1_000;
    expect(lru.get("a")).toBeUndefined();
    expect(lru.size).toBe(0);
  });

  it("storing a key again restarts its time-to-live", () => {
    let now = 0;
    const lru = new ExpiringLru<number>(10, 1_000, () => now);
    lru.set("a", 1);
    now = 900;
    lru.set("a", 2);
    now = 1_500;
    expect(lru.get("a")).toBe(2);
  });
});

describe("the client's caches", () => {
  it("SH-HTTP-030 the default cache keeps 100 answers for 5 minutes", () => {
    for (let i = 0; i <= 100; i += 1) writeHttpCache("default", `/api/devices/${i}`, answer(i));

    expect(readHttpCache("default", "/api/devices/0")).toBeUndefined();
    expect(readHttpCache("default", "/api/devices/1")?.data).toBe(1);
    expect(readHttpCache("default", "/api/devices/100")?.data).toBe(100);

    vi.advanceTimersByTime(5 * 60_000);
    expect(readHttpCache("default", "/api/devices/100")).toBeUndefined();
  });

  it("SH-HTTP-031 the company and credit summary cache keeps 10 answers for 10 s", () => {
    for (let i = 0; i <= 10; i += 1) {
      writeHttpCache("companyAndCredits", `/api/companies/${i}`, answer(i));
    }

    expect(readHttpCache("companyAndCredits", "/api/companies/0")).toBeUndefined();
    expect(readHttpCache("companyAndCredits", "/api/companies/10")?.data).toBe(10);

    vi.advanceTimersByTime(9_999);
    expect(readHttpCache("companyAndCredits", "/api/companies/10")?.data).toBe(10);
    vi.advanceTimersByTime(1);
    expect(readHttpCache("companyAndCredits", "/api/companies/10")).toBeUndefined();
  });

  it("keeps the two caches apart and clears both at once", () => {
    writeHttpCache("default", "/api/companies", answer("default"));
    writeHttpCache("companyAndCredits", "/api/companies", answer("short"));

    expect(readHttpCache("default", "/api/companies")?.data).toBe("default");
    expect(readHttpCache("companyAndCredits", "/api/companies")?.data).toBe("short");
    clearHttpCache();
    expect(readHttpCache("default", "/api/companies")).toBeUndefined();
    expect(readHttpCache("companyAndCredits", "/api/companies")).toBeUndefined();
  });
});
