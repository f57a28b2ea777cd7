import { describe, expect, it } from "vitest";
import { expectMatchesReference, referenceErrors, referenceTemplate } from "./reference-api";

describe("the reference API oracle", () => {
  it("maps Netfleet paths to the reference's templates", () => {
    expect(referenceTemplate("/api/companies")).toBe("/companies");
    expect(referenceTemplate("/api/companies/123?x=1", "GET")).toBe("/companies/{id}");
    expect(referenceTemplate("/api/tags/7")).toBe("/tags/{id}");
    expect(referenceTemplate("/api/tags/7/extra")).toBeUndefined();
    expect(referenceTemplate("/api/devices/tags/assign", "PUT")).toBe("/devices/tags/assign");
    expect(referenceTemplate("/api/no-such-thing")).toBeUndefined();
  });

  it("accepts an answer in the reference's shape", () => {
    const body = {
      success: true,
      data: [
        { id: 1, name: "A", parent_id: 0, parent_name: "B", created_at: "2024-01-02 03:04:05" },
      ],
      meta: { total: 1 },
    };
    expect(referenceErrors("GET", "/api/companies", 200, body)).toEqual([]);
    expect(() => expectMatchesReference("GET", "/api/companies", 200, body)).not.toThrow();
  });

  it("fails, naming the field, on an answer with a wrong type, a null or a wrong date form", () => {
    const body = {
      success: "yes",
      data: [{ id: "1", name: "A", parent_name: null, created_at: "2024-01-02T03:04:05.000Z" }],
      meta: { total: 1 },
    };
    const errors = referenceErrors("GET", "/api/companies", 200, body);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/success must be boolean/),
        expect.stringMatching(/^\/data\/0\/id must be integer/),
        expect.stringMatching(/^\/data\/0\/parent_name must be string, got null/),
        expect.stringMatching(/^\/data\/0\/created_at must match pattern/),
      ]),
    );
    expect(() => expectMatchesReference("GET", "/api/companies", 200, body)).toThrow(
      /does not match the reference API's GET \/companies/,
    );
  });

  it("honours nullable and enums", () => {
    const user = (mfa_type: unknown) => ({ success: true, id: 1, email: "a@b.c", mfa_type });
    expect(referenceErrors("GET", "/api/user", 200, user(null))).toEqual([]);
    expect(referenceErrors("GET", "/api/user", 200, user("totp"))).toEqual([]);
    expect(referenceErrors("GET", "/api/user", 200, user("sms"))).toEqual([
      expect.stringMatching(/^\/mfa_type must be equal to one of the allowed values/),
    ]);
  });

  it("accepts a documented difference exactly where it is documented", () => {
    const summary = (credit_type: unknown) => ({
      success: true,
      data: { credits: { left: [{ credit_type, credits_left: 1 }], total: [] } },
    });
    expect(referenceErrors("GET", "/api/credits/summary", 200, summary("remote_access"))).toEqual(
      [],
    );
    expect(referenceErrors("GET", "/api/credits/summary", 200, summary(7))).toHaveLength(2);
    expect(
      referenceErrors("GET", "/api/files", 200, { data: [{ type: "remote_access" }] }),
    ).toEqual([
      expect.stringMatching(/^\/data\/0\/type must be equal to one of the allowed values/),
    ]);
  });

  it("refuses a route or status the reference does not have", () => {
    expect(() => referenceErrors("GET", "/api/mail-logs", 200, {})).toThrow(/has no GET/);
    expect(() => referenceErrors("GET", "/api/companies", 418, {})).toThrow(/has no 418 answer/);
  });
});
