import { describe, expect, it } from "vitest";
import { hashSecret } from "../../lib/secrets";
import { batchedSecretCheck } from "./secret-check";

describe("checking device secrets", () => {
  it("answers many connections arriving together with one lookup, each with its own verdict", async () => {
    const lookups: number[][] = [];
    const check = batchedSecretCheck((ids) => {
      lookups.push([...ids]);
      return Promise.resolve(
        new Map([
          [1, hashSecret("one")],
          [2, hashSecret("two")],
        ]),
      );
    });
    const verdicts = await Promise.all([
      check(1, "one"),
      check(2, "wrong"),
      check(3, "unknown device"),
      check(1, "one"),
    ]);
    expect(verdicts).toEqual([true, false, false, true]);
    expect(lookups).toEqual([[1, 2, 3]]);
  });

  it("refuses, rather than hangs, when the lookup fails", async () => {
    const check = batchedSecretCheck(() => Promise.reject(new Error("database down")));
    await expect(check(1, "one")).resolves.toBe(false);
  });
});
