import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildTestApp, type TestApp } from "../test/build-test-app";
import { openDatabase, resultRows } from "./client";
import { isUniqueViolation } from "./errors";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.database.db.execute(sql`create table probe (id integer primary key)`);
});
afterAll(() => t.close());

/** A statement that holds the database for two seconds. */
const slowStatement = () => t.database.db.execute(sql`select pg_sleep(2)`);

const probeRows = async () =>
  resultRows<{ n: number }>(
    await t.database.db.execute(sql`select count(*)::integer as n from probe`),
  )[0]!.n;

describe("the database handle", () => {
  it("leaves the event loop free while a slow statement runs", async () => {
    const order: string[] = [];
    const statement = slowStatement().then(() => order.push("statement"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push("timer");
    await statement;
    expect(order).toEqual(["timer", "statement"]);
  });

  it("answers /healthz while a slow statement holds the database", async () => {
    const order: string[] = [];
    const statement = slowStatement().then(() => order.push("statement"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await t.app.inject("/healthz");
    order.push(`healthz ${health.statusCode}`);
    await statement;
    expect(order).toEqual(["healthz 200", "statement"]);
  });

  it("rolls back a transaction that throws, whose rows no other caller saw", async () => {
    let outside: Promise<number> | undefined;
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (1)`);
        outside = probeRows();
        await tx.execute(sql`select pg_sleep(0.2)`);
        expect(resultRows(await tx.execute(sql`select count(*)::integer as n from probe`))).toEqual(
          [{ n: 1 }],
        );
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await outside).toBe(0);
    expect(await probeRows()).toBe(0);
  });

  it("keeps PostgreSQL's error code and message", async () => {
    await t.database.db.execute(sql`insert into probe values (2)`);
    const err = await t.database.db.execute(sql`insert into probe values (2)`).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(isUniqueViolation(err)).toBe(true);
    expect((err?.cause as Error).message).toMatch(/duplicate key value violates unique constraint/);
  });
});

describe("the embedded database", () => {
  it("delivers notifications to its listeners, and answers no more once closed", async () => {
    // The run's migrated image when there is one: a new database takes seconds to create.
    const database = await openDatabase({ image: inject("pgliteImagePath") || undefined });
    if (database.jobs.kind !== "pglite") throw new Error("expected the embedded database");
    let heard: (payload: string) => void = () => undefined;
    const payload = new Promise<string>((resolve) => (heard = resolve));
    const stop = await database.jobs.pglite.listen("probe_news", heard);
    await database.db.execute(sql`select pg_notify('probe_news', 'hello')`);
    expect(await payload).toBe("hello");
    await stop();
    await database.close();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
