import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  canBeParent,
  companyCreateBodySchema,
  companyMoveBodySchema,
  companyNotEmptyMessage,
  companyUpdateBodySchema,
} from "./companies";

const problems = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};

describe("company bodies", () => {
  it("FM-ENTITY-024 lets companies of level 1 and 2 have subsidiaries, not level 3", () => {
    expect([1, 2, 3].map(canBeParent)).toEqual([true, true, false]);
  });

  it("asks a new company for a name of 3 to 200 characters and its parent", () => {
    expect(problems(companyCreateBodySchema, {})).toEqual([
      "name: Company name is required",
      "parent_id: Company is required",
    ]);
    expect(problems(companyCreateBodySchema, { name: " ab ", parent_id: 4 })).toEqual([
      "name: Company name must be at least 3 characters",
    ]);
    expect(problems(companyCreateBodySchema, { name: "a".repeat(201), parent_id: 4 })).toEqual([
      "name: Company name can be at most 200 characters",
    ]);
    expect(companyCreateBodySchema.parse({ name: " Acme ", parent_id: 4 })).toEqual({
      name: "Acme",
      parent_id: 4,
    });
  });

  it("renames with a valid e-mail or none, null clearing it", () => {
    expect(problems(companyUpdateBodySchema, { name: "Acme", email: "nope" })).toEqual([
      "email: Enter a valid e-mail address",
    ]);
    expect(problems(companyUpdateBodySchema, { name: "Acme", email: null })).toEqual([]);
    expect(problems(companyUpdateBodySchema, { email: "a@b.io" })).toEqual([
      "name: Company name is required",
    ]);
  });

  it("moves a company named by source under the one named by target", () => {
    expect(problems(companyMoveBodySchema, { source: 3 })).toEqual(["target: Company is required"]);
    expect(companyMoveBodySchema.parse({ source: 3, target: 9 })).toEqual({ source: 3, target: 9 });
  });
});

describe("companyNotEmptyMessage", () => {
  it("says what a company still has, leaving out what it has none of", () => {
    expect(
      companyNotEmptyMessage({ devices_count: 2, users_count: 1, subsidiaries_count: 0 }),
    ).toBe("This company still has 2 devices and 1 user. Move or delete them first.");
    expect(
      companyNotEmptyMessage({ devices_count: 1, users_count: 3, subsidiaries_count: 1 }),
    ).toBe("This company still has 1 device, 3 users and 1 subsidiary. Move or delete them first.");
    expect(
      companyNotEmptyMessage({ devices_count: 0, users_count: 0, subsidiaries_count: 4 }),
    ).toBe("This company still has 4 subsidiaries. Move or delete them first.");
  });
});
