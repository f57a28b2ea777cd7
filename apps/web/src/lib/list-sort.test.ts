import { describe, expect, it } from "vitest";
import { formatSort, nextSort, parseSort } from "./list-sort";

const KEYS = ["name", "created_at"] as const;

describe("list sort", () => {
  it("reads the first key of an API sort string and its direction", () => {
    expect(parseSort("name", KEYS)).toEqual({ key: "name", direction: "asc" });
    expect(parseSort("-created_at,name", KEYS)).toEqual({ key: "created_at", direction: "desc" });
  });

  it("ignores a missing sort and a column the list does not offer", () => {
    expect(parseSort(null, KEYS)).toBeNull();
    expect(parseSort("", KEYS)).toBeNull();
    expect(parseSort("-", KEYS)).toBeNull();
    expect(parseSort("password", KEYS)).toBeNull();
    expect(parseSort("--name", KEYS)).toBeNull();
  });

  it("writes what it reads", () => {
    expect(formatSort({ key: "name", direction: "asc" })).toBe("name");
    expect(formatSort({ key: "created_at", direction: "desc" })).toBe("-created_at");
  });

  it("starts a column in its own first direction, then turns it around", () => {
    expect(nextSort(null, "created_at", "desc")).toEqual({ key: "created_at", direction: "desc" });
    const byName = { key: "name", direction: "asc" } as const;
    expect(nextSort(byName, "created_at", "desc")).toEqual({
      key: "created_at",
      direction: "desc",
    });
    expect(nextSort(byName, "name", "asc")).toEqual({ key: "name", direction: "desc" });
    expect(nextSort({ key: "name", direction: "desc" }, "name", "asc")).toEqual(byName);
  });
});
