import { describe, expect, it } from "vitest";
import {
  addListItems,
  checkCsvFile,
  csvLines,
  CSV_MAX_BYTES,
  DEFAULT_MAX_FILE_SIZE,
  fileNameError,
  fileSizeError,
  formatFileSize,
} from "./validation";

const FILE_NAME_MESSAGE =
  "File name contains spaces and/or forbidden symbols: ~ ! # $ & * ( ) { } [ ] < > ? ' | ; ` \\ / : \"";

describe("file input rules", () => {
  it("FM-VALID-038 the default maximum file size is 83886080 bytes (80 MB)", () => {
    expect(DEFAULT_MAX_FILE_SIZE).toBe(83_886_080);
    expect(formatFileSize(DEFAULT_MAX_FILE_SIZE)).toBe("80 MB");
  });

  it("FM-VALID-039 D16 a file over the maximum gives Maximum file size is {size}", () => {
    expect(fileSizeError(83_886_081, DEFAULT_MAX_FILE_SIZE, false)).toBe(
      "Maximum file size is 80 MB",
    );
    expect(fileSizeError(83_886_080, DEFAULT_MAX_FILE_SIZE, false)).toBeNull();
    expect(fileSizeError(2_000_000, 1_572_864, false)).toBe("Maximum file size is 1.50 MB");
  });

  it("FM-VALID-040 with warnings the message reads Maximum file size is 80MB", () => {
    expect(fileSizeError(90_000_000, DEFAULT_MAX_FILE_SIZE, true)).toBe(
      "Maximum file size is 80MB",
    );
  });

  it("FM-VALID-041 with warnings on, a name with a forbidden symbol is flagged", () => {
    expect(fileNameError("backup#1.tar.gz", { warnings: true })).toBe(FILE_NAME_MESSAGE);
    expect(fileNameError("backup#1.tar.gz", { warnings: false })).toBeNull();
    expect(fileNameError("backup 1.tar.gz", { warnings: true })).toBeNull();
  });

  it("FM-VALID-042 with warnings on and spaces disallowed, a name with a space is flagged", () => {
    expect(fileNameError("backup 1.tar.gz", { warnings: true, disallowSpaces: true })).toBe(
      FILE_NAME_MESSAGE,
    );
    expect(fileNameError("backup 1.tar.gz", { disallowSpaces: true })).toBeNull();
    expect(fileNameError("backup_1.tar.gz", { warnings: true, disallowSpaces: true })).toBeNull();
  });

  it("FM-VALID-043 the file-name message lists the symbols in the order of the forms", () => {
    expect(fileNameError("a:b", { warnings: true })).toBe(FILE_NAME_MESSAGE);
  });
});

describe("list-input CSV upload", () => {
  it("FM-VALID-044 a file that is not text/csv gives Not a CSV file selected", () => {
    expect(checkCsvFile({ type: "application/vnd.ms-excel", size: 10 })).toBe(
      "Not a CSV file selected",
    );
    expect(checkCsvFile({ type: "", size: 10 })).toBe("Not a CSV file selected");
    expect(checkCsvFile({ type: "text/csv", size: 10 })).toBeNull();
  });

  it("FM-VALID-045 D16 a CSV of 80 MB or more gives File size must be lower than 80MB", () => {
    expect(CSV_MAX_BYTES).toBe(83_886_080);
    expect(checkCsvFile({ type: "text/csv", size: 83_886_080 })).toBe(
      "File size must be lower than 80MB",
    );
    expect(checkCsvFile({ type: "text/csv", size: 83_886_079 })).toBeNull();
  });

  it("FM-VALID-046 CSV lines are trimmed and blank lines skipped", () => {
    expect(csvLines(" 1111 \r\n\r\n2222\n   \n3333\r")).toEqual(["1111", "2222", "3333"]);
    expect(csvLines("")).toEqual([]);
  });
});

describe("addListItems", () => {
  it("FM-VALID-048 blank items are ignored", () => {
    expect(addListItems(["a"], "   ", {})).toEqual({
      items: ["a"],
      rejected: [],
      clearInput: true,
    });
    expect(addListItems([], ["", "b", " "], {}).items).toEqual(["b"]);
  });

  it("FM-VALID-049 items beyond maxItems are ignored", () => {
    expect(addListItems(["a"], ["b", "c", "d"], { maxItems: 2 }).items).toEqual(["a", "b"]);
    expect(addListItems(["a", "b"], "c", { maxItems: 2 }).items).toEqual(["a", "b"]);
  });

  it("FM-VALID-050 duplicates are ignored when uniqueItems applies", () => {
    const result = addListItems(["a"], "a", { uniqueItems: true });
    expect(result.items).toEqual(["a"]);
    expect(result.rejected).toEqual([]);
    expect(addListItems(["a"], "a", {}).items).toEqual(["a", "a"]);
    expect(addListItems([5], "5", { uniqueItems: true, type: "number" }).items).toEqual([5]);
  });

  it("FM-VALID-051 an item failing validity is reported and not added", () => {
    const email = addListItems([], ["ops@example.com", "nope"], { type: "email" });
    expect(email.items).toEqual(["ops@example.com"]);
    expect(email.rejected).toEqual([{ value: "nope", message: "Enter a valid e-mail address" }]);
    expect(email.clearInput).toBe(false);
    const number = addListItems([], ["0", "x", "70"], { type: "number", min: 1, max: 65 });
    expect(number.items).toEqual([]);
    expect(number.rejected.map((r) => r.message)).toEqual([
      "Must be at least 1",
      "Enter a number",
      "Must be at most 65",
    ]);
    expect(addListItems([], "abc", { pattern: "[0-9]+" }).rejected).toEqual([
      { value: "abc", message: "Invalid format" },
    ]);
    expect(addListItems([], "ab", { minItemLength: 3 }).rejected[0]?.message).toBe(
      "Must be at least 3 characters",
    );
    expect(addListItems([], "abcd", { maxItemLength: 3 }).rejected[0]?.message).toBe(
      "Must be at most 3 characters",
    );
  });

  it("FM-VALID-052 with noDupes a duplicate is dropped and the input cleared", () => {
    expect(addListItems(["a"], "a", { noDupes: true })).toEqual({
      items: ["a"],
      rejected: [],
      clearInput: true,
    });
    expect(addListItems(["a"], "a", { uniqueItems: true }).clearInput).toBe(false);
  });

  it("stores numbers for type number", () => {
    expect(addListItems([1], " 22 ", { type: "number" }).items).toEqual([1, 22]);
  });
});
