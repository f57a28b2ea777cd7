import { eq, lt, sql } from "drizzle-orm";
import { columnOf, type Db, resultRows } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { deviceEvents, deviceTelemetry, devices } from "../../db/schema";

/** A measurement as the gateway writes it. */
export type TelemetryRow = typeof deviceTelemetry.$inferInsert;

/** An activity entry: one of SERVER_ACTIVITY_TYPES or a type the device reported. */
export interface ActivityRow {
  deviceId: number;
  at: Date;
  type: string;
  message: string | null;
  userId?: number | null;
  taskId?: string | null;
}

/** Daily partitions of device_telemetry are named by their UTC day. */
const PARTITION_PREFIX = "device_telemetry_p";
const PARTITION_NAME = /^device_telemetry_p(\d{4})(\d{2})(\d{2})$/;

/** `2026-03-01` of a UTC day's start. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Telemetry history and device activity (tables device_telemetry and device_events). */
export function deviceHistoryRepo(db: Db) {
  /** The daily partitions of device_telemetry and the UTC day each holds. */
  async function telemetryDays(): Promise<{ name: string; day: Date }[]> {
    const rows = resultRows<{ name: string }>(
      await db.execute(sql`
        select c.relname as name
        from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'device_telemetry'::regclass`),
    );
    return rows.flatMap(({ name }) => {
      const m = PARTITION_NAME.exec(name);
      return m ? [{ name, day: new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`) }] : [];
    });
  }

  return {
    telemetryDays,

    /** Many measurements in one INSERT. */
    async insertTelemetry(rows: readonly TelemetryRow[]): Promise<void> {
      if (rows.length === 0) return;
      const column = (pick: (r: TelemetryRow) => unknown) => columnOf(rows, pick);
      await db.execute(sql`
        insert into ${deviceTelemetry} (device_id, at, signal, temperature, sent, received,
          latitude, longitude, altitude, cpu_load, memory_free, digital_input, relay_output)
        select * from unnest(
          ${column((r) => r.deviceId)}::integer[], ${column((r) => r.at.toISOString())}::timestamptz[],
          ${column((r) => r.signal)}::smallint[], ${column((r) => r.temperature)}::real[],
          ${column((r) => r.sent)}::bigint[], ${column((r) => r.received)}::bigint[],
          ${column((r) => r.latitude)}::double precision[], ${column((r) => r.longitude)}::double precision[],
          ${column((r) => r.altitude)}::double precision[], ${column((r) => r.cpuLoad)}::real[],
          ${column((r) => r.memoryFree)}::bigint[], ${column((r) => r.digitalInput)}::smallint[],
          ${column((r) => r.relayOutput)}::smallint[])`);
    },

    /** Forgets a deleted device's telemetry (its activity goes with the device's row). */
    async forgetTelemetry(deviceId: number): Promise<void> {
      await db.delete(deviceTelemetry).where(eq(deviceTelemetry.deviceId, deviceId));
    },

    /**
     * Many activity entries in one INSERT. Entries of a device deleted meanwhile are left out
     * rather than failing the whole batch. Answers how many were written.
     */
    async insertActivity(rows: readonly ActivityRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const column = (pick: (r: ActivityRow) => unknown) => columnOf(rows, pick);
      const inserted = await db.execute(sql`
        insert into ${deviceEvents} (device_id, at, type, message, user_id, task_id)
        select v.device_id, v.at, v.type, v.message, v.user_id, v.task_id
        from unnest(
          ${column((r) => r.deviceId)}::integer[], ${column((r) => r.at.toISOString())}::timestamptz[],
          ${column((r) => r.type)}::text[], ${column((r) => r.message)}::text[],
          ${column((r) => r.userId)}::integer[], ${column((r) => r.taskId)}::text[]
        ) as v(device_id, at, type, message, user_id, task_id)
        join ${devices} d on d.id = v.device_id
        returning 1`);
      return resultRows(inserted).length;
    },

    /**
     * Creates the daily partitions of these UTC days that do not exist yet. A day whose rows
     * already sit in the default partition cannot get one (its rows would have to move
     * first): it is left out and named in the answer.
     */
    async ensureTelemetryDays(days: readonly Date[]): Promise<string[]> {
      const skipped: string[] = [];
      for (const day of days) {
        const from = dayOf(day);
        const to = dayOf(new Date(Date.parse(from) + 86_400_000));
        const name = PARTITION_PREFIX + from.replaceAll("-", "");
        try {
          await db.execute(
            sql.raw(
              `create table if not exists ${name} partition of device_telemetry for values from ('${from}T00:00:00Z') to ('${to}T00:00:00Z')`,
            ),
          );
        } catch (err) {
          // 23514: the default partition holds rows of the day.
          if (hasCode(err, "23514")) skipped.push(from);
          // Another server process created it at the same moment (42P07, or 23505 on the catalogue).
          else if (!isUniqueViolation(err) && !hasCode(err, "42P07")) throw err;
        }
      }
      return skipped;
    },

    /**
     * Drops the daily partitions that end on or before the start of `cutoff`'s UTC day
     * (whole days at once, no row by row delete), and deletes the older rows that landed in
     * the default partition. Answers the partitions dropped.
     */
    async dropTelemetryBefore(cutoffDay: Date): Promise<string[]> {
      // A day's start: only the default partition holds older rows once the days are gone.
      const cutoff = new Date(Date.parse(dayOf(cutoffDay)));
      const dropped: string[] = [];
      for (const { name, day } of await telemetryDays()) {
        if (day.getTime() + 86_400_000 > cutoff.getTime()) continue;
        await db.execute(sql.raw(`drop table if exists ${name}`));
        dropped.push(name);
      }
      await db.delete(deviceTelemetry).where(lt(deviceTelemetry.at, cutoff));
      return dropped;
    },
  };
}
