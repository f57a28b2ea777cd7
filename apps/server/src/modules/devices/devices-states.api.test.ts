import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resultRows } from "../../db/client";
import { buildTestApp, type TestApp } from "../../test/build-test-app";
import { factories } from "../../test/factories";
import { deviceHistoryRepo } from "./device-history.repo";
import { type DeviceState, devicesRepo } from "./devices.repo";

/**
 * One flush carries the state of every device heard from since the last, which on a
 * saturated gateway is most of a fleet, and up to 20 000 telemetry rows: more values than a
 * statement may carry as separate parameters (65 535 in PostgreSQL's protocol).
 */

let t: TestApp;
let ids: number[];
const FLEET = 6_000;
/** What an array's text form quotes or escapes. */
const ODD = 'O\'Brien "quoted", {braced} C:\\path';

beforeAll(async () => {
  t = await buildTestApp();
  const company = await factories(t.database.db).company();
  const inserted = await t.database.db.execute(sql`
    insert into devices (company_id, name, serial, mac, model, status, secret_hash)
    select ${company.id}, 'fleet-' || g, 'FLEET' || g, '02:00:00:00:00:00', 'RUTX11', 0, 'x'
    from generate_series(1, ${FLEET}) as g
    returning id`);
  ids = resultRows<{ id: number }>(inserted).map((r) => r.id);
}, 60_000);
afterAll(() => t.close());

it("writes the state of a whole fleet of 6 000 devices in one flush", async () => {
  const seenAt = new Date("2026-11-29T10:00:00Z");
  const states: DeviceState[] = ids.map((id, i) => ({
    id,
    status: 1,
    seenAt,
    firmware: `RUTX_R_00.07.${i % 10}`,
    signal: -60 - (i % 30),
    operator: i === 0 ? ODD : i === 1 ? "NULL" : undefined,
    facts: i === 1 ? { hostname: 'edge\\1 {"x"}', kernel: "6.1" } : undefined,
    latitude: 54.6872,
    longitude: 25.2797,
    sent: 2 ** 40 + i,
  }));
  const changes = await t.database.db.transaction((tx) => devicesRepo(tx).applyStates(states));
  expect(changes).toHaveLength(FLEET);
  expect(changes.every((c) => c.status === 1 && c.lastSeenAt?.getTime() === seenAt.getTime())).toBe(
    true,
  );

  const rows = resultRows<{ online: number; signals: number; huge: number }>(
    await t.database.db.execute(sql`
      select count(*) filter (where status = 1)::int as online,
        count(distinct signal)::int as signals,
        count(*) filter (where sent >= ${2 ** 40})::int as huge
      from devices where id = any(${sql.param(ids)}::int[])`),
  );
  expect(rows[0]).toEqual({ online: FLEET, signals: 30, huge: FLEET });
  const [first, second] = resultRows<{
    operator: string | null;
    facts: unknown;
    firmware: string;
  }>(
    await t.database.db.execute(
      sql`select operator, facts, firmware from devices where id in (${ids[0]}, ${ids[1]}) order by id`,
    ),
  );
  expect(first).toMatchObject({
    operator: ODD,
    firmware: "RUTX_R_00.07.0",
  });
  expect(second).toMatchObject({
    operator: "NULL",
    facts: { hostname: 'edge\\1 {"x"}', kernel: "6.1" },
  });

  // What a message left out stays as it was.
  await t.database.db.transaction((tx) =>
    devicesRepo(tx).applyStates([{ id: ids[0]!, seenAt: new Date(seenAt.getTime() + 1000) }]),
  );
  const [kept] = resultRows<{ operator: string; status: number }>(
    await t.database.db.execute(sql`select operator, status from devices where id = ${ids[0]}`),
  );
  expect(kept).toEqual({ operator: ODD, status: 1 });
}, 60_000);

it("writes a fleet's telemetry and activity of one flush whole, leaving out a deleted device's", async () => {
  const at = new Date("2026-11-29T10:00:05Z");
  const history = deviceHistoryRepo(t.database.db);
  await history.insertTelemetry(
    ids.map((deviceId, i) => ({ deviceId, at, signal: -70, sent: 2 ** 40 + i, cpuLoad: 0.5 })),
  );
  const gone = ids.at(-1)!;
  await t.database.db.execute(sql`delete from devices where id = ${gone}`);
  const written = await history.insertActivity(
    ids.map((deviceId) => ({ deviceId, at, type: "connected", message: 'Connected, "quoted"' })),
  );
  expect(written).toBe(FLEET - 1);

  const [counts] = resultRows<{ telemetry: number; huge: number; activity: number }>(
    await t.database.db.execute(sql`
      select
        (select count(*)::int from device_telemetry where at = ${at.toISOString()}) as telemetry,
        (select count(*)::int from device_telemetry where sent >= ${2 ** 40}) as huge,
        (select count(*)::int from device_events
          where at = ${at.toISOString()} and message = 'Connected, "quoted"') as activity`),
  );
  expect(counts).toEqual({ telemetry: FLEET, huge: FLEET, activity: FLEET - 1 });
}, 60_000);
