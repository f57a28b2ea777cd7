import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { hasForbiddenCharacters } from "./names";
import { tagCreateBodySchema } from "./schemas/tags";
import {
  codeAmountSchema,
  codeCommentSchema,
  companyDataConfirmText,
  companyDataCreditsSchema,
  companyDataText,
  companyIdSchema,
  companyNameSchema,
  creditPoolBodySchema,
  creditPriceSchema,
  documentationUploadSchema,
  emailSchema,
  FORBIDDEN_NAME_CHARACTERS,
  isBase64Url,
  isDomain,
  isHostPart,
  isIpAddress,
  monitoringPeriodSchema,
  moveAmountSchema,
  nameSchema,
  normalizeCreditCount,
  PAID_CREDIT_TYPES,
  resourceCountSchema,
  sameValueBlocked,
  VALIDATION_MESSAGES,
  validationMessageKey,
} from "./validation";

/** The messages a value gets from a schema, or [] when it passes. */
function problems(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The fields a body's problems are reported on. */
function problemFields(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("company fields", () => {
  it("FM-VALID-001 company name is required", () => {
    expect(problems(companyNameSchema, "")).toEqual(["Company name is required"]);
    expect(problems(companyNameSchema, "   ")).toEqual(["Company name is required"]);
    expect(problems(companyNameSchema, undefined)).toEqual(["Company name is required"]);
  });

  it("FM-VALID-002 company name has at least 3 characters, spaces around not counted", () => {
    expect(problems(companyNameSchema, " ab ")).toEqual([
      "Company name must be at least 3 characters",
    ]);
    expect(problems(companyNameSchema, "abc")).toEqual([]);
  });

  it("blocks saving a company name equal to the current one with the toast text", () => {
    expect(sameValueBlocked("Acme", " Acme ")).toBe("Please input different value to save changes");
    expect(sameValueBlocked("Acme", "Acme Ltd")).toBeNull();
  });

  it("FM-VALID-004 D20 the Company field is required: a positive company id", () => {
    for (const value of [undefined, null, "", 0, -3, 1.5]) {
      expect(problems(companyIdSchema, value)).toContain("Company is required");
    }
    expect(problems(companyIdSchema, 17)).toEqual([]);
  });

  it("FM-VALID-024 tag form: company and name are required, colour is optional", () => {
    expect(problemFields(tagCreateBodySchema, {}).sort()).toEqual(["company_id", "name"]);
    expect(problems(tagCreateBodySchema, { company_id: 4, name: "Roof" })).toEqual([]);
    expect(problems(tagCreateBodySchema, { company_id: 4, name: "Roof", color: null })).toEqual([]);
    expect(
      problemFields(tagCreateBodySchema, { company_id: 4, name: "Roof", color: "red" }),
    ).toEqual(["color"]);
  });
});

describe("e-mail and count fields", () => {
  it("FM-VALID-005 e-mail fields are required", () => {
    expect(problems(emailSchema, "")).toEqual(["E-mail is required"]);
    expect(problems(emailSchema, undefined)).toEqual(["E-mail is required"]);
  });

  it("FM-VALID-006 e-mail fields are checked as the email input type checks them", () => {
    for (const bad of ["user", "user@", "@example.com", "a b@example.com", "user@-bad.com"]) {
      expect(problems(emailSchema, bad)).toEqual(["Enter a valid e-mail address"]);
    }
    expect(problems(emailSchema, " ops.team+1@example.co ")).toEqual([]);
  });

  it("FM-VALID-007 resource count is required with a minimum of 1", () => {
    expect(problems(resourceCountSchema, undefined)).toEqual(["Resource count is required"]);
    expect(problems(resourceCountSchema, 0)).toEqual(["Resource count must be at least 1"]);
    expect(problems(resourceCountSchema, 1)).toEqual([]);
  });

  it("FM-VALID-008 move amount is required with a minimum of 1", () => {
    expect(problems(moveAmountSchema, null)).toEqual(["Move amount is required"]);
    expect(problems(moveAmountSchema, -1)).toEqual(["Move amount must be at least 1"]);
    expect(problems(moveAmountSchema, 25)).toEqual([]);
  });
});

describe("credits", () => {
  const pool = { company_id: 3, credit_count: 10 };

  it("FM-VALID-009 credit price is required, at least 0, in steps of 0.01", () => {
    expect(problems(creditPriceSchema, undefined)).toEqual(["Credit price is required"]);
    expect(problems(creditPriceSchema, -0.01)).toEqual(["Credit price cannot be negative"]);
    expect(problems(creditPriceSchema, 1.005)).toEqual([
      "Credit price can have at most two decimal places",
    ]);
    for (const fine of [0, 0.01, 0.1 + 0.2, 19.99, 1000]) {
      expect(problems(creditPriceSchema, fine)).toEqual([]);
    }
  });

  it("FM-VALID-010 credit price applies only to the paid types 2, 4, 6, 8, 10, 12 and 14", () => {
    expect(PAID_CREDIT_TYPES).toEqual([2, 4, 6, 8, 10, 12, 14]);
    const free = creditPoolBodySchema.parse({ ...pool, credit_type_id: 1, credit_price: -5 });
    expect(free).toEqual({ ...pool, credit_type_id: 1 });
    expect(problemFields(creditPoolBodySchema, { ...pool, credit_type_id: 2 })).toContain(
      "credit_price",
    );
  });

  it("FM-VALID-011 the proform number is required for paid types only", () => {
    const paid = { ...pool, credit_type_id: 14, credit_price: 2.5 };
    expect(problemFields(creditPoolBodySchema, { ...paid, pro_form_nr: "  " })).toEqual([
      "pro_form_nr",
    ]);
    expect(creditPoolBodySchema.parse({ ...paid, pro_form_nr: " PF-1 " })).toEqual({
      ...paid,
      pro_form_nr: "PF-1",
    });
    expect(problems(creditPoolBodySchema, { ...pool, credit_type_id: 3 })).toEqual([]);
  });

  it("FM-VALID-012 code amount is required with a minimum of 1", () => {
    expect(problems(codeAmountSchema, "")).toEqual(["Code amount is required"]);
    expect(problems(codeAmountSchema, undefined)).toEqual(["Code amount is required"]);
    expect(problems(codeAmountSchema, "0")).toEqual(["Code amount must be at least 1"]);
    expect(codeAmountSchema.parse(" 5 ")).toBe(5);
  });

  it("FM-VALID-013 code amount takes digits only, up to 12 of them", () => {
    for (const bad of ["1.5", "-3", "12a", "1 000", "1234567890123"]) {
      expect(problems(codeAmountSchema, bad)).toEqual([VALIDATION_MESSAGES.codeAmountDigits]);
    }
    expect(codeAmountSchema.parse("999999999999")).toBe(999_999_999_999);
  });

  it("FM-VALID-014 code comment is optional, at most 200 characters", () => {
    expect(problems(codeCommentSchema, undefined)).toEqual([]);
    expect(problems(codeCommentSchema, "c".repeat(200))).toEqual([]);
    expect(problems(codeCommentSchema, "c".repeat(201))).toEqual([
      "Comment can be at most 200 characters",
    ]);
  });

  it("FM-VALID-015 add company data: credit count is required and 1 to 14 characters", () => {
    expect(problems(companyDataCreditsSchema, "")).toEqual(["Credit count is required"]);
    expect(problems(companyDataCreditsSchema, "abc")).toEqual(["Credit count is required"]);
    expect(problems(companyDataCreditsSchema, "9".repeat(15))).toEqual([
      "Credit count can be at most 14 digits",
    ]);
    expect(companyDataCreditsSchema.parse("9".repeat(14))).toBe(99_999_999_999_999);
  });

  it("FM-VALID-016 add company data: non-digits are stripped from the credit count", () => {
    expect(normalizeCreditCount("1 2a3-")).toBe("123");
    expect(companyDataCreditsSchema.parse("4 credits")).toBe(4);
  });

  it("FM-VALID-017 add company data: leading zeros are removed from the credit count", () => {
    expect(normalizeCreditCount("000120")).toBe("120");
    expect(normalizeCreditCount("000")).toBe("");
    expect(problems(companyDataCreditsSchema, "0000")).toEqual(["Credit count is required"]);
  });

  it("FM-VALID-018 D15 shows the data the credits buy, 2 GB each", () => {
    expect(companyDataText(1)).toBe("Company data to be added: 2 GB");
    expect(companyDataText(15)).toBe("Company data to be added: 30 GB");
  });

  it("FM-VALID-019 D15 confirms the credits spent and the data bought", () => {
    expect(companyDataConfirmText(3)).toBe(
      "Are you sure you want to spend 3 credit(s) to get 6 GB of data?",
    );
  });
});

describe("documentation upload", () => {
  const file = { name: "rut.json" };

  it("FM-VALID-020 the system type is required and is rutos or tswos", () => {
    expect(problemFields(documentationUploadSchema, { file })).toEqual(["system_type"]);
    expect(problemFields(documentationUploadSchema, { system_type: "openwrt", file })).toEqual([
      "system_type",
    ]);
    expect(problems(documentationUploadSchema, { system_type: "tswos", file })).toEqual([]);
  });

  it("FM-VALID-021 the file is required and must be .json", () => {
    expect(problems(documentationUploadSchema, { system_type: "rutos" })).toEqual([
      "File is required",
    ]);
    expect(
      problems(documentationUploadSchema, { system_type: "rutos", file: { name: "api.yaml" } }),
    ).toEqual(["Choose a .json file"]);
    expect(
      problems(documentationUploadSchema, { system_type: "rutos", file: { name: "API.JSON" } }),
    ).toEqual([]);
  });

  it("FM-VALID-022 the firmware brand id is optional, a number from 1 to 999", () => {
    const body = { system_type: "rutos", file };
    for (const bad of [0, 1000, 2.5, "7"]) {
      expect(problemFields(documentationUploadSchema, { ...body, firmware_brand_id: bad })).toEqual(
        ["firmware_brand_id"],
      );
    }
    for (const fine of [1, 999, undefined]) {
      expect(problems(documentationUploadSchema, { ...body, firmware_brand_id: fine })).toEqual([]);
    }
  });

  it("FM-VALID-023 the upload has an overwrite checkbox, off unless ticked", () => {
    const body = { system_type: "rutos", file };
    expect(documentationUploadSchema.parse(body).overwrite).toBe(false);
    expect(documentationUploadSchema.parse({ ...body, overwrite: true }).overwrite).toBe(true);
    expect(problemFields(documentationUploadSchema, { ...body, overwrite: "yes" })).toEqual([
      "overwrite",
    ]);
  });
});

describe("addresses, names and tokens", () => {
  it("FM-VALID-025 an IP address is four dotted octets from 0 to 255", () => {
    for (const fine of ["0.0.0.0", "192.168.1.1", "255.255.255.255", "10.0.100.9"]) {
      expect(isIpAddress(fine)).toBe(true);
    }
    for (const bad of ["256.1.1.1", "1.2.3", "1.2.3.4.5", "1.2.3.-4", "a.b.c.d", "01.2.3.4", ""]) {
      expect(isIpAddress(bad)).toBe(false);
    }
  });

  it("FM-VALID-026 domain labels have 1-63 letters, digits or inner hyphens", () => {
    expect(isDomain("a.io")).toBe(true);
    expect(isDomain("my-router.example.com")).toBe(true);
    expect(isDomain(`${"a".repeat(63)}.com`)).toBe(true);
    expect(isDomain(`${"a".repeat(64)}.com`)).toBe(false);
    expect(isDomain("-edge.example.com")).toBe(false);
    expect(isDomain("edge-.example.com")).toBe(false);
    expect(isDomain("under_score.com")).toBe(false);
    expect(isDomain("double..dot.com")).toBe(false);
  });

  it("FM-VALID-027 a domain's top-level label has 2-6 letters", () => {
    expect(isDomain("example.museum")).toBe(true);
    expect(isDomain("example.c")).toBe(false);
    expect(isDomain("example.company")).toBe(false);
    expect(isDomain("example.c0m")).toBe(false);
    expect(isDomain("localhost")).toBe(false);
  });

  it("FM-VALID-028 D25 names may not contain ~ ! # $ & * ( ) [ ] { } < > ? ' | ; ` / : \" \\", () => {
    expect(FORBIDDEN_NAME_CHARACTERS.join(" ")).toBe(
      "~ ! # $ & * ( ) [ ] { } < > ? ' | ; ` / : \" \\",
    );
    for (const character of FORBIDDEN_NAME_CHARACTERS) {
      expect(hasForbiddenCharacters(`site${character}1`)).toBe(true);
      expect(problems(nameSchema, `site${character}1`)).toEqual([
        VALIDATION_MESSAGES.forbiddenCharacters,
      ]);
    }
    expect(hasForbiddenCharacters("Cold 50% stores_2 - east@hq.")).toBe(false);
    expect(problems(nameSchema, "  ")).toEqual(["Name is required"]);
  });

  it("FM-VALID-029 token-like values are base64url", () => {
    expect(isBase64Url("aZ09-_")).toBe(true);
    for (const bad of ["a+b", "a/b", "abc=", "a b", ""]) expect(isBase64Url(bad)).toBe(false);
  });

  it("FM-VALID-030 the host-derived part of a token needs two alphanumeric-with-hyphen segments", () => {
    expect(isHostPart("rms-01.example")).toBe(true);
    expect(isHostPart("a.b-c.d")).toBe(true);
    for (const bad of ["single", "a.", ".b", "a_b.c", "a..b"]) expect(isHostPart(bad)).toBe(false);
  });

  it("FM-VALID-032 the monitoring period is from 60 to 31536000 seconds", () => {
    expect(problems(monitoringPeriodSchema, 59)).toEqual([VALIDATION_MESSAGES.monitoringPeriod]);
    expect(problems(monitoringPeriodSchema, 31_536_001)).toEqual([
      VALIDATION_MESSAGES.monitoringPeriod,
    ]);
    expect(problems(monitoringPeriodSchema, 60)).toEqual([]);
    expect(problems(monitoringPeriodSchema, 31_536_000)).toEqual([]);
  });
});

describe("validation messages", () => {
  it("names every fixed sentence by a key the console can translate", () => {
    expect(validationMessageKey("Company is required")).toBe("companyRequired");
    expect(validationMessageKey(VALIDATION_MESSAGES.itemEmail)).toBe("emailInvalid");
    expect(validationMessageKey("Maximum file size is 80 MB")).toBeUndefined();
  });
});
