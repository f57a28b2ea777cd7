import { describe, expect, it } from "vitest";
import { csvField } from "./devices-export";

describe("csvField", () => {
  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const text of ["=1+2", "+SUM(A1)", "-2+3", "@cmd", "\tTAB", "\rCR"]) {
      expect(csvField(text).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
    }
    expect(csvField("router-1")).toBe("router-1");
  });

  it("leaves the server's own numbers alone, negative ones too", () => {
    expect(csvField(-71)).toBe("-71");
    expect(csvField(59.913868)).toBe("59.913868");
  });

  it("quotes commas, quotes and line breaks, and writes nothing for no value", () => {
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });
});
