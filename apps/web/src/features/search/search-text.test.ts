import { describe, expect, it } from "vitest";
import { displayName, formatCount, highlightParts, searchTerm, shouldSearch } from "./search-text";

describe("search text", () => {
  it("SH-SEARCH-008 searches for the text without surrounding blanks", () => {
    expect(searchTerm("  gateway \t")).toBe("gateway");
    expect(searchTerm("two words ")).toBe("two words");
    expect(searchTerm("   ")).toBe("");
  });

  it("SH-SEARCH-010 searches only while the panel is open", () => {
    expect(shouldSearch({ open: true, term: "gw", categories: ["devices"] })).toBe(true);
    expect(shouldSearch({ open: false, term: "gw", categories: ["devices"] })).toBe(false);
  });

  it("SH-SEARCH-011 searches only with a non-empty text", () => {
    expect(shouldSearch({ open: true, term: "", categories: ["devices"] })).toBe(false);
  });

  it("SH-SEARCH-012 searches only with at least one category", () => {
    expect(shouldSearch({ open: true, term: "gw", categories: [] })).toBe(false);
    expect(shouldSearch({ open: true, term: "gw", categories: ["pages"] })).toBe(true);
  });

  it("SH-SEARCH-016 shows counts up to 10 as numbers and above 10 as 10+", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(10)).toBe("10");
    expect(formatCount(11)).toBe("10+");
    expect(formatCount(4812)).toBe("10+");
  });

  it("SH-SEARCH-026 shows a dash for an empty name", () => {
    expect(displayName("")).toBe("-");
    expect(displayName("  ")).toBe("-");
    expect(displayName(null)).toBe("-");
    expect(displayName(undefined)).toBe("-");
    expect(displayName("Core")).toBe("Core");
  });

  describe("SH-SEARCH-018 highlighting", () => {
    it("marks every match, whatever its case", () => {
      expect(highlightParts("Gateway gate GATE", "gate")).toEqual([
        { text: "Gate", match: true },
        { text: "way ", match: false },
        { text: "gate", match: true },
        { text: " ", match: false },
        { text: "GATE", match: true },
      ]);
    });

    it("takes the text literally, never as a pattern", () => {
      expect(highlightParts("rut(x)1.2 rutx1a2", "(x)1.2")).toEqual([
        { text: "rut", match: false },
        { text: "(x)1.2", match: true },
        { text: " rutx1a2", match: false },
      ]);
      expect(highlightParts("a+b", "+")).toEqual([
        { text: "a", match: false },
        { text: "+", match: true },
        { text: "b", match: false },
      ]);
      expect(highlightParts("path\\to", "\\")).toEqual([
        { text: "path", match: false },
        { text: "\\", match: true },
        { text: "to", match: false },
      ]);
    });

    it("leaves text without a match, or without a term, unmarked", () => {
      expect(highlightParts("Core", "edge")).toEqual([{ text: "Core", match: false }]);
      expect(highlightParts("Core", "")).toEqual([{ text: "Core", match: false }]);
      expect(highlightParts("", "x")).toEqual([{ text: "", match: false }]);
    });
  });
});
