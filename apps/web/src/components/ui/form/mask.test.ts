import { describe, expect, it } from "vitest";
import { applyMask } from "./mask";

describe("applyMask", () => {
  it("FM-FIELD-010 # takes a digit or a space and drops anything else", () => {
    expect(applyMask("12 4", "####")).toBe("12 4");
    expect(applyMask("1a2b3", "###")).toBe("123");
    expect(applyMask("abc", "###")).toBe("");
  });

  it("FM-FIELD-010 * takes letters and digits, S takes letters only", () => {
    expect(applyMask("a1-b2", "****")).toBe("a1b2");
    expect(applyMask("Ab1c", "SSS")).toBe("Abc");
    expect(applyMask("é9ß", "SS")).toBe("éß");
  });

  it("FM-FIELD-011 F takes a hex digit and upper-cases it", () => {
    expect(applyMask("a0f9", "FFFF")).toBe("A0F9");
    expect(applyMask("g1zb", "FF")).toBe("1B");
  });

  it("FM-FIELD-011 A upper-cases a letter and a lower-cases one", () => {
    expect(applyMask("ab1c", "AAA")).toBe("ABC");
    expect(applyMask("XY2z", "aaa")).toBe("xyz");
  });

  it("FM-FIELD-012 ! makes the next character literal, even a token", () => {
    expect(applyMask("12", "!###")).toBe("#12");
    expect(applyMask("5", "!A!#!!#")).toBe("A#!5");
    expect(applyMask("#12", "!###")).toBe("#12");
    expect(applyMask("a1", "!##")).toBe("#1");
  });

  it("inserts literals as the user types and accepts them typed", () => {
    expect(applyMask("1234", "##-##")).toBe("12-34");
    expect(applyMask("12-34", "##-##")).toBe("12-34");
    expect(applyMask("001e42aabbcc", "FF:FF:FF:FF:FF:FF")).toBe("00:1E:42:AA:BB:CC");
  });

  it("stops at the end of the typed text and cuts text longer than the mask", () => {
    expect(applyMask("12", "##-##")).toBe("12");
    expect(applyMask("123", "##-##")).toBe("12-3");
    expect(applyMask("123456", "##-##")).toBe("12-34");
  });

  it("closes a mask that ends in literals once its last token is filled", () => {
    expect(applyMask("123", "(###)")).toBe("(123)");
    expect(applyMask("12", "(###)")).toBe("(12");
    expect(applyMask("", "(###)")).toBe("");
  });

  it("keeps nothing for an empty mask", () => {
    expect(applyMask("abc", "")).toBe("");
  });
});
