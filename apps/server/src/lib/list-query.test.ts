import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { devices } from "../db/schema";
import { AppError } from "../plugins/errors";
import {
  FEW_MATCHES,
  listOrder,
  parseFields,
  parseIdList,
  pickSearchFields,
  indexedPart,
  project,
  wordStart,
  searchPattern,
  sortKeys,
} from "./list-query";

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return err;
  }
  throw new Error("expected an AppError");
}

describe("list query helpers", () => {
  it("matches three characters and more anywhere, shorter texts as a prefix, wildcards as text", () => {
    expect(searchPattern("gw-1")).toBe("%gw-1%");
    expect(searchPattern("gw")).toBe("gw%");
    expect(searchPattern("5")).toBe("5%");
    expect(searchPattern("50%")).toBe("%50\\%%");
    expect(searchPattern("_")).toBe("\\_%");
    expect(searchPattern("a\\b")).toBe("%a\\\\b%");
  });

  it("looks a search up by its most distinctive digits, a text without them as it is", () => {
    expect(indexedPart("device-4999")).toBe("-4999");
    expect(indexedPart("RUTX11_Site_0042 old")).toBe("_0042 ");
    expect(indexedPart("rut 241 x1")).toBe(" 241 ");
    // Of a long word its end, where a batch's sequence numbers differ; on a tie, the later.
    expect(indexedPart("2000004999")).toBe("04999");
    expect(indexedPart("sn 2000004999")).toBe("04999");
    expect(indexedPart("1100-0049")).toBe("-0049");
    // Parts that nearly every row holds are no help: the window moves, or the whole text.
    expect(indexedPart("2000900000")).toBe("09000");
    expect(indexedPart("2000000000")).toBeUndefined();
    expect(indexedPart("device-0000")).toBeUndefined();
    expect(indexedPart("site-1")).toBeUndefined();
    expect(indexedPart("kaunas office")).toBeUndefined();
    expect(indexedPart("4999")).toBeUndefined();
    expect(indexedPart("gw")).toBeUndefined();
  });

  it("looks a distinctive word up by its start when a separator comes before it", () => {
    expect(wordStart("device-4999")).toBe("4999");
    expect(wordStart("RUTX11_Site_0042 old")).toBe("0042");
    expect(wordStart("sn 2000004999")).toBe("2000004999");
    expect(wordStart("gw:AB12")).toBe("AB12");
    // The word may continue past the text's end or start anywhere in a value: no start known.
    expect(wordStart("4999")).toBeUndefined();
    expect(wordStart("4999-gw")).toBeUndefined();
    // Words without digits or shorter than three characters are not distinctive.
    expect(wordStart("kaunas office")).toBeUndefined();
    expect(wordStart("site-12")).toBeUndefined();
    // Letters and separators beyond ASCII split words differently in some database locales.
    expect(wordStart("gw-ž4999")).toBeUndefined();
    expect(wordStart("gw·4999")).toBeUndefined();
  });

  it("searches every field by default, keeps the named ones it has, refuses none", () => {
    const available = ["name", "serial", "mac"];
    expect(pickSearchFields(undefined, available)).toEqual(available);
    expect(pickSearchFields(" mac , email,name", available)).toEqual(["name", "mac"]);
    const error = errorOf(() => pickSearchFields("email", available));
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.source).toBe("search-fields");
    expect(error.message).toContain("name, serial, mac");
  });

  it("projects an item to the named keys and always its id", () => {
    const item = { id: 7, name: "gw", status: 1, serial: "S1" };
    expect(project(item, null)).toBe(item);
    expect(project(item, parseFields("name,email,,status"))).toEqual({
      id: 7,
      name: "gw",
      status: 1,
    });
    expect(project(item, parseFields(""))).toEqual({ id: 7 });
  });

  it("reads comma lists of ids and refuses anything else", () => {
    expect(parseIdList(undefined, "id")).toBeUndefined();
    expect(parseIdList("7441, 5558,7410", "id")).toEqual([7441, 5558, 7410]);
    expect(parseIdList("0,2147483647", "id")).toEqual([0, 2_147_483_647]);
    for (const bad of ["", "1,x", "-1", "1.5", "9999999999", "2147483648", "1\u0000"]) {
      expect(errorOf(() => parseIdList(bad, "parent_id")).source, bad).toBe("parent_id");
    }
  });

  it("reads sort directions and refuses unknown fields", () => {
    expect(sortKeys("-name, id", ["id", "name"])).toEqual([
      { name: "name", descending: true },
      { name: "id", descending: false },
    ]);
    expect(errorOf(() => sortKeys("name,secret", ["id", "name"])).source).toBe("sort");
  });

  it("sorts few matches by an expression no index serves, many by the bare columns", () => {
    const render = (total: number) =>
      new PgDialect().sqlToQuery(
        sql.join(
          listOrder("-name", { name: devices.name }, [{ column: devices.id }], total),
          sql`, `,
        ),
      ).sql;
    expect(render(FEW_MATCHES)).toBe(
      'coalesce("devices"."name", "devices"."name") desc, coalesce("devices"."id", "devices"."id") asc',
    );
    expect(render(FEW_MATCHES + 1)).toBe('"devices"."name" desc, "devices"."id" asc');
  });
});
